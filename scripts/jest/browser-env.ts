/**
 * What react-router 7 and antd need from a browser that jsdom lacks; loaded for every unit test,
 * applied only where the test runs in jsdom (`@jest-environment jsdom`).
 */
import { TextDecoder, TextEncoder } from 'node:util';

if (typeof window !== 'undefined') {
  // antd in jsdom renders slowly, more so on a busy 2-core CI machine: wait longer than the default
  // 1 s for findBy/waitFor before calling a screen wrong (the limit per test is the root config's)
  require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });

  // react-router reads TextEncoder when it loads
  Object.assign(globalThis, { TextEncoder, TextDecoder });

  /** antd's form schedules watcher updates as a macro task through a MessageChannel. */
  class TimeoutMessageChannel {
    readonly port1: { onmessage: ((event: { data: unknown }) => void) | null } = { onmessage: null };
    readonly port2 = {
      postMessage: (data: unknown) => {
        setTimeout(() => this.port1.onmessage?.({ data }), 0);
      },
    };
  }
  if (typeof globalThis.MessageChannel === 'undefined') {
    Object.defineProperty(globalThis, 'MessageChannel', {
      configurable: true,
      writable: true,
      value: TimeoutMessageChannel,
    });
  }

  // antd's responsive grid reads matchMedia
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });

  // antd's Tabs measure their list with ResizeObserver; jsdom has no layout, so nothing ever resizes
  class NoopResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  if (typeof globalThis.ResizeObserver === 'undefined') {
    Object.defineProperty(globalThis, 'ResizeObserver', {
      configurable: true,
      writable: true,
      value: NoopResizeObserver,
    });
  }

  // antd's Upload previews a picked photo through an object URL, which jsdom does not implement
  if (typeof URL.createObjectURL === 'undefined') {
    Object.assign(URL, { createObjectURL: () => 'blob:jsdom-preview', revokeObjectURL: () => undefined });
  }

  // antd's modals measure the scrollbar with a pseudo-element, which jsdom's getComputedStyle does not implement
  const computedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computedStyle(element);

  // antd's CSS-in-JS is kept out of the document (scripts/jest/dynamic-css.js); what hides its closed popups,
  // inactive tab panes and hidden form items (its "-hidden" classes) stays, so that a query still skips what a
  // user cannot see. A required mark's "-hidden" hides only the asterisk, never its label.
  const hidden = document.createElement('style');
  hidden.textContent = '[class*="-hidden"]:not([class*="-required-mark-hidden"]) { display: none !important; }';
  document.head.appendChild(hidden);
}
