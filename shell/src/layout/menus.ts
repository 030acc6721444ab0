import { useCallback, useMemo } from 'react';
import { routes, type DeclaredMenu } from '@swapstuff/contracts';
import { useRouteTableState } from '../federation/registry';
import { byPlace, type DeclaredLink, type RouteTable } from '../federation/routeTable';

export interface MenuLink {
  label: string;
  to: string;
}

/** The shell's own entries in the menus the remotes add to (spec section 2): Home, always first. */
const HOME: DeclaredLink = { label: 'Home', to: routes.home, place: 0 };
const SHELL_ENTRIES: Record<DeclaredMenu, DeclaredLink[]> = { tabBar: [HOME], signedInMenu: [HOME], avatarMenu: [] };

/**
 * A menu of spec section 2: the shell's entries and those the remotes declare, in their places (the
 * actions Log Out and Logout follow them). Until the registry has been read, the shell's alone.
 */
export function menuOf(name: DeclaredMenu, table: RouteTable | null): MenuLink[] {
  return [...SHELL_ENTRIES[name], ...(table?.menus[name] ?? [])].sort(byPlace).map(({ label, to }) => ({ label, to }));
}

export function useMenu(name: DeclaredMenu): MenuLink[] {
  const { table } = useRouteTableState();
  return useMemo(() => menuOf(name, table), [name, table]);
}

/**
 * Whether a visitor is asked to log in before opening a path, as its remote declares. Until the registry
 * has been read nobody knows: the link goes to the path, whose guard decides once it has been read.
 */
export function useNeedsLogin(): (path: string) => boolean {
  const { table } = useRouteTableState();
  return useCallback((path: string) => table?.ownerOf(path)?.needsLogin ?? false, [table]);
}

/** Spec section 2: the signed-out menu. */
export const SIGNED_OUT_MENU: MenuLink[] = [
  { label: 'Home', to: routes.home },
  { label: 'Log In', to: routes.login },
];

export const FOOTER_PAGES: MenuLink[] = [
  { label: 'About', to: routes.page('about') },
  { label: 'Terms & Conditions', to: routes.page('term-and-condition') },
  { label: 'Privacy Policy', to: routes.page('privacy-policy') },
  { label: 'Help', to: routes.page('help') },
];
