import type { ComponentType } from 'react';
import { create } from 'zustand';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { PAGE_DATA } from '@swapstuff/contracts';
import { readPageData, useFirstViewServer } from '../firstView';
import { fetchWithRetry } from './retry';
import { fallbackPlugin, retryPlugin } from './plugins';
import { RemoteUnavailable } from './RemoteFallback';
import { buildRouteTable, type RemoteRegistry, type RouteTable } from './routeTable';

export const REGISTRY_URL = '/mf/remotes.json';

interface RouteTableState {
  /** null until the registry has been read */
  table: RouteTable | null;
  /** the last read of the registry failed (and there is no table yet: its outlet offers Retry) */
  failed: boolean;
}

let registration: Promise<RouteTable> | null = null;
let pluginsRegistered = false;
/** name → manifest URL as registered, to re-register only what the registry changed */
const registered = new Map<string, string>();
/** remotes whose last load failed: their next load reads the registry again first */
const failed = new Set<string>();

function registerPluginsOnce(): void {
  if (pluginsRegistered) return;
  registerPlugins([retryPlugin(), fallbackPlugin(RemoteUnavailable)]);
  pluginsRegistered = true;
}

/**
 * Registers the remotes the registry names and builds the route table their declared pages make. A
 * remote whose manifest URL changed since (a promotion or a rollback, or the fix of a broken entry) is
 * registered again with `force`, which drops what the runtime cached for it.
 */
function register(registry: RemoteRegistry): RouteTable {
  registerPluginsOnce();
  const changed = Object.entries(registry)
    // an entry may live on another origin; a relative one is the gateway's
    .map(([name, { manifest }]) => ({ name, entry: new URL(manifest, window.location.href).href }))
    .filter(({ name, entry }) => registered.get(name) !== entry);
  if (changed.length > 0) {
    const force = changed.some(({ name }) => registered.has(name));
    registerRemotes(changed, { force });
    for (const { name, entry } of changed) registered.set(name, entry);
  }
  return buildRouteTable(registry);
}

/**
 * The registry the gateway wrote into the page (what /mf/remotes.json answers), so the shell knows its
 * routes, login rules and menus from the start, without a request; and a page it rendered on the server
 * is taken over with the very table it was rendered with.
 */
const registryInPage = readPageData<RemoteRegistry>(PAGE_DATA.registry);
const tableInPage = registryInPage ? register(registryInPage) : null;
if (tableInPage) registration = Promise.resolve(tableInPage);

/** The route table of the registry read last: the router, the login guard and the menus follow it. */
export const useRouteTable = create<RouteTableState>(() => ({ table: tableInPage, failed: false }));

/** The route table to render with: the request's on the server (firstView.ts), else the store's. */
export function useRouteTableState(): RouteTableState {
  const server = useFirstViewServer();
  const state = useRouteTable();
  return server ? { table: server.table, failed: false } : state;
}

async function readRegistry(): Promise<RemoteRegistry> {
  const response = await fetchWithRetry(REGISTRY_URL, { cache: 'no-cache', headers: { Accept: 'application/json' } });
  return (await response.json()) as RemoteRegistry;
}

/** Registers what the registry names and publishes its route table. */
function apply(registry: RemoteRegistry): RouteTable {
  const table = register(registry);
  useRouteTable.setState({ table, failed: false });
  return table;
}

/**
 * Reads the registry, registers every remote it names and publishes its route table. Called at start and
 * by the first outlet; a failure is not remembered, so Retry reads the registry again.
 */
export function ensureRemotesRegistered(): Promise<RouteTable> {
  registerPluginsOnce();
  registration ??= readRegistry()
    .then(apply)
    .catch((error: unknown) => {
      registration = null;
      useRouteTable.setState({ failed: true });
      throw error;
    });
  return registration;
}

async function loadApp(name: string): Promise<{ default: ComponentType }> {
  await ensureRemotesRegistered();
  if (failed.has(name)) {
    // a Retry: the registry may point somewhere else by now
    apply(await readRegistry());
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

/** Loads in flight, by remote: the preload at start and the outlet of the page share one. */
const loading = new Map<string, Promise<{ default: ComponentType }>>();

/** The remote's `./App` routes component, for React.lazy. */
export function loadRemoteApp(name: string): Promise<{ default: ComponentType }> {
  let load = loading.get(name);
  if (!load) {
    load = loadApp(name).finally(() => loading.delete(name));
    loading.set(name, load);
  }
  return load;
}

/**
 * Starts loading a remote's App now: at start, the remote that owns the page, so that its manifest and
 * chunks download while antd does, not after. Its outlet joins this load if it is still going, and
 * otherwise finds the remote in the runtime's cache.
 */
export function preloadRemoteApp(name: string): void {
  // a failure is the outlet's to show; nobody waits for this load
  loadRemoteApp(name).catch(() => undefined);
}

/**
 * Another module a remote exposes for the shell to mount outside its routes (the upload sheet). A
 * failure is thrown to the caller, which says so in place; it is not remembered, so a next try loads again.
 */
export async function loadRemoteComponent<P>(name: string, exposed: string): Promise<{ default: ComponentType<P> }> {
  await ensureRemotesRegistered();
  const module = await loadRemote<{ default?: ComponentType<P> }>(`${name}/${exposed}`);
  if (!module?.default || (module.default as ComponentType) === RemoteUnavailable) {
    throw new Error(`${name}/${exposed} is unavailable`);
  }
  return { default: module.default };
}
