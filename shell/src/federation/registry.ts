import type { ComponentType } from 'react';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { fetchWithRetry } from './retry';
import { fallbackPlugin, retryPlugin } from './plugins';
import { RemoteUnavailable } from './RemoteFallback';

export const REMOTE_NAMES = ['mfe_catalog', 'mfe_swaps', 'mfe_orders', 'mfe_account'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** GET /mf/remotes.json: remote name → its version and manifest URL (the gateway's registry). */
export type RemoteRegistry = Record<string, { version: string; manifest: string }>;

export const REGISTRY_URL = '/mf/remotes.json';

let registration: Promise<void> | null = null;
let pluginsRegistered = false;
/** name → manifest URL as registered, to re-register only what the registry changed */
const registered = new Map<string, string>();
/** remotes whose last load failed: their next load reads the registry again first */
const failed = new Set<RemoteName>();

async function readRegistry(): Promise<RemoteRegistry> {
  const response = await fetchWithRetry(REGISTRY_URL, { cache: 'no-cache', headers: { Accept: 'application/json' } });
  return (await response.json()) as RemoteRegistry;
}

/**
 * Registers the remotes the registry names. A remote whose manifest URL changed since (a promotion or a
 * rollback, or the fix of a broken entry) is registered again with `force`, which drops what the
 * runtime cached for it.
 */
function register(registry: RemoteRegistry) {
  const changed = Object.entries(registry)
    // an entry may live on another origin; a relative one is the gateway's
    .map(([name, { manifest }]) => ({ name, entry: new URL(manifest, window.location.href).href }))
    .filter(({ name, entry }) => registered.get(name) !== entry);
  if (changed.length === 0) return;
  const force = changed.some(({ name }) => registered.has(name));
  registerRemotes(changed, { force });
  for (const { name, entry } of changed) registered.set(name, entry);
}

/**
 * Reads the registry and registers every remote it names. Called at start and by the first outlet;
 * a failure is not remembered, so the outlet's Retry reads the registry again.
 */
export function ensureRemotesRegistered(): Promise<void> {
  if (!pluginsRegistered) {
    registerPlugins([retryPlugin(), fallbackPlugin(RemoteUnavailable)]);
    pluginsRegistered = true;
  }
  registration ??= readRegistry()
    .then(register)
    .catch((error: unknown) => {
      registration = null;
      throw error;
    });
  return registration;
}

/** The remote's `./App` routes component, for React.lazy. */
export async function loadRemoteApp(name: RemoteName): Promise<{ default: ComponentType }> {
  await ensureRemotesRegistered();
  if (failed.has(name)) {
    // a Retry: the registry may point somewhere else by now
    register(await readRegistry());
    failed.delete(name);
  }
  try {
    const module = await loadRemote<{ default?: ComponentType }>(`${name}/App`);
    if (!module?.default) throw new Error(`${name}/App has no default export`);
    // the fallback plugin answered in the remote's place
    if (module.default === RemoteUnavailable) failed.add(name);
    return { default: module.default };
  } catch (error) {
    failed.add(name);
    throw error;
  }
}

/**
 * Another module a remote exposes for the shell to mount outside its routes (the upload sheet). A
 * failure is thrown to the caller, which says so in place; it is not remembered, so a next try loads again.
 */
export async function loadRemoteComponent<P>(
  name: RemoteName,
  exposed: string,
): Promise<{ default: ComponentType<P> }> {
  await ensureRemotesRegistered();
  const module = await loadRemote<{ default?: ComponentType<P> }>(`${name}/${exposed}`);
  if (!module?.default || (module.default as ComponentType) === RemoteUnavailable) {
    throw new Error(`${name}/${exposed} is unavailable`);
  }
  return { default: module.default };
}

/** First loads started before their outlet exists (preloadRemoteApp), waiting for it to take them. */
const preloads = new Map<RemoteName, ReturnType<typeof loadRemoteApp>>();

/**
 * Starts loading a remote's App now: at start, the remote that owns the page, so that its manifest
 * and chunks download while antd does, not after. Its outlet takes the same load (takePreloadedApp).
 */
export function preloadRemoteApp(name: RemoteName): void {
  if (preloads.has(name)) return;
  const load = loadRemoteApp(name);
  // a failure is the outlet's to show; until it takes the load, nobody is waiting for it
  load.catch(() => undefined);
  preloads.set(name, load);
}

/** The load preloadRemoteApp started, once: a Retry after it loads afresh. */
export function takePreloadedApp(name: RemoteName): ReturnType<typeof loadRemoteApp> | undefined {
  const load = preloads.get(name);
  preloads.delete(name);
  return load;
}
