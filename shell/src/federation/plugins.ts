import type { ComponentType } from 'react';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { RETRY_DELAYS_MS, delay, fetchWithRetry } from './retry';

type LoadEntryErrorArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>>[0];

/**
 * Loads a remoteEntry script that failed to download again, a few times; undefined if it never comes.
 * Each attempt asks for it under a URL of its own (`?retry=n`): the runtime keys an entry's load by its
 * URL, so an attempt is a new load through the runtime's own `getRemoteEntry` (which the hook hands us),
 * never a wait on the failed one, and no cached answer stands in for it. Nothing of the runtime's state is
 * touched.
 */
async function retryEntry({ getRemoteEntry, origin, remoteInfo, remoteEntryExports }: LoadEntryErrorArgs) {
  for (let attempt = 1; attempt <= RETRY_DELAYS_MS.length; attempt++) {
    await delay(RETRY_DELAYS_MS[attempt - 1]);
    const { entry } = remoteInfo;
    const retried = { ...remoteInfo, entry: `${entry}${entry.includes('?') ? '&' : '?'}retry=${attempt}` };
    try {
      const exports = await getRemoteEntry({ origin, remoteInfo: retried, remoteEntryExports });
      if (exports) return exports;
    } catch {
      // next attempt; after the last one the runtime reports the original error
    }
  }
  return undefined;
}

/**
 * Layer 1 of 3: retry the remote's files. Manifests go through `fetch` (retried, and a non-2xx answer
 * is an error so the runtime does not cache it as a manifest); a remoteEntry script that failed to
 * download is loaded again with a cache-busting query.
 */
export function retryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'swapstuff-retry',
    async fetch(url, init) {
      return fetchWithRetry(url, { ...init, cache: 'no-cache' });
    },
    // the hook's declared result is a promise of a promise; returning retryEntry's promise satisfies it
    async loadEntryError(args): Promise<ReturnType<typeof retryEntry> | undefined> {
      return retryEntry(args);
    },
  };
}

/**
 * Layer 2 of 3: when a remote cannot be loaded at all, `loadRemote` resolves to a fallback module
 * instead of rejecting, so the page shows the fallback in the remote's outlet and nothing else breaks.
 * Only the final `onLoad` stage gets the fallback: earlier stages (the manifest) expect other shapes.
 */
export function fallbackPlugin(Fallback: ComponentType): ModuleFederationRuntimePlugin {
  return {
    name: 'swapstuff-fallback',
    errorLoadRemote({ lifecycle, id, error }) {
      if (lifecycle !== 'onLoad') return undefined;
      console.error(`[federation] ${id} could not be loaded`, error);
      return { default: Fallback };
    },
  };
}
