import type { Page } from '@playwright/test';

/**
 * Cumulative layout shift as the browser reports it: a PerformanceObserver on 'layout-shift' entries,
 * buffered (so shifts before the observer existed count), without those right after an input.
 */

export interface LayoutShiftReport {
  /** every shift added up, over the page's whole load */
  sum: number;
  /** the largest session window (gaps under 1 s, at most 5 s long): Core Web Vitals' and Lighthouse's CLS */
  sessionWindow: number;
  /** each counted shift, with what moved: for reading a failure */
  shifts: { at: number; value: number; moved: string[] }[];
}

/** Installs the observer before any of the page's own scripts run. */
export async function observeLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    interface Shift extends PerformanceEntry {
      value: number;
      hadRecentInput: boolean;
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    }
    const describe = (node: Node | null): string => {
      if (!(node instanceof Element)) return node ? node.nodeName : '(gone)';
      const label = node.getAttribute('aria-label') ?? node.getAttribute('data-testid') ?? '';
      return `${node.tagName.toLowerCase()}.${Array.from(node.classList).join('.')}${label ? `[${label}]` : ''}`;
    };
    const shifts: LayoutShiftReport['shifts'] = [];
    const record = (entries: Shift[]) => {
      for (const entry of entries) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          at: Math.round(entry.startTime),
          value: entry.value,
          moved: entry.sources.map(
            (s) =>
              `${describe(s.node)} ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)} ` +
              `(${Math.round(s.previousRect.height)}→${Math.round(s.currentRect.height)} high)`,
          ),
        });
      }
    };
    const observer = new PerformanceObserver((list) => record(list.getEntries() as Shift[]));
    observer.observe({ type: 'layout-shift', buffered: true });
    // the shifts of every frame painted so far: those the observer holds but has not delivered yet included
    (window as unknown as { __layoutShifts: () => typeof shifts }).__layoutShifts = () => {
      record(observer.takeRecords() as Shift[]);
      return shifts;
    };
  });
}

/**
 * The shifts so far, and the two ways of adding them up: read after the page has painted two more frames, so
 * that what its last answers changed (a count in the header, a photo) has been laid out and counted.
 */
export async function layoutShifts(page: Page): Promise<LayoutShiftReport> {
  const shifts = await page.evaluate(
    () =>
      new Promise<LayoutShiftReport['shifts']>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            resolve((window as unknown as { __layoutShifts: () => LayoutShiftReport['shifts'] }).__layoutShifts()),
          ),
        ),
      ),
  );
  let sessionWindow = 0;
  let current = 0;
  let windowStart = -Infinity;
  let last = -Infinity;
  for (const shift of shifts) {
    if (shift.at - last > 1000 || shift.at - windowStart > 5000) {
      current = 0;
      windowStart = shift.at;
    }
    current += shift.value;
    last = shift.at;
    sessionWindow = Math.max(sessionWindow, current);
  }
  const sum = shifts.reduce((total, s) => total + s.value, 0);
  return { sum, sessionWindow, shifts };
}

/**
 * A mid-range phone on a slow mobile network, as Lighthouse's mobile defaults simulate it (150 ms round
 * trip, 1.6 Mbit/s down, CPU four times slower), applied for real so that late answers really arrive late.
 */
export async function throttle(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}
