import { createContext, useContext, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { PAGE_DATA } from '@swapstuff/contracts';
import type { RouteTable } from './federation/routeTable';

/**
 * A page's first view, rendered on the server for visitors and then taken over (hydrated) in the browser.
 * The gateway renders the shell with the page's remote and data (src/server/), writes the HTML into
 * #root, and beside it the registry and the answers it rendered with (contracts' PAGE_DATA); the browser
 * renders the same tree over it, so both must come out the same. What differs between the two ends is
 * given here: on the server by FirstViewServerContext, for the request; in the browser by the page's data.
 */
export interface FirstViewServer {
  /** the route table of the registry the request was rendered with */
  table: RouteTable;
  /** a remote's ./App as its server build has it (undefined: the remote has none) */
  remoteApp(name: string): ComponentType | undefined;
  /** the request's own cache, filled with the answers of the api that the page asked for */
  queryClient: QueryClient;
}

export const FirstViewServerContext = createContext<FirstViewServer | null>(null);

/** The server's side of the render, or null in the browser. */
export const useFirstViewServer = (): FirstViewServer | null => useContext(FirstViewServerContext);

/** A JSON block the gateway wrote into the page, or null (none, or unreadable: the page works without). */
export function readPageData<T>(id: (typeof PAGE_DATA)[keyof typeof PAGE_DATA]): T | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    console.error(`[first view] #${id} is not JSON`, error);
    return null;
  }
}
