import {
  declaredMenus,
  readPageDeclarations,
  routeOwners,
  type DeclaredMenu,
  type PageDeclarations,
  type RouteOwner,
} from '@swapstuff/contracts';

/**
 * GET /mf/remotes.json: each remote's version and manifest URL (the gateway's registry), and the pages
 * its build declared (contracts/src/pages.ts), passed on by the gateway from the remote's manifest.
 */
export type RemoteRegistry = Record<string, { version: string; manifest: string; pages?: unknown }>;

export type { RouteOwner };

/** A remote's entry in one of the menus, at the place it declared. */
export interface DeclaredLink {
  label: string;
  to: string;
  place: number;
}

export interface RouteTable {
  /** The remote whose page a path is, or null when no remote declares it. */
  ownerOf(pathname: string): RouteOwner | null;
  /** The remotes' entries of each menu, in their places. */
  menus: Record<DeclaredMenu, DeclaredLink[]>;
}

/** Lower places first; remotes that declared the same place keep the registry's order. */
export const byPlace = (a: { place: number }, b: { place: number }) => a.place - b.place;

/**
 * The shell's route table and the remotes' menu entries, from what the remotes declare: no path of a
 * remote is written in the shell. Each declaration is input from another deploy, so whatever in it is
 * malformed is left out (and logged) and the rest of the site works; a remote the registry does not list
 * owns nothing. When two remotes declare the same path, the first in the registry keeps it.
 */
export function buildRouteTable(registry: RemoteRegistry): RouteTable {
  const declarations: [string, PageDeclarations][] = [];
  const owners = new Map<string, string>();
  const menus = Object.fromEntries(declaredMenus.map((menu) => [menu, [] as DeclaredLink[]])) as RouteTable['menus'];

  for (const [remote, entry] of Object.entries(registry)) {
    const { pages, problems } = readPageDeclarations(entry?.pages);
    if (problems.length > 0) console.warn(`[federation] ${remote}: pages left out: ${problems.join('; ')}`);
    declarations.push([remote, pages]);
    for (const { paths, menu } of Object.values(pages)) {
      for (const path of paths) {
        const owner = owners.get(path);
        if (owner) console.warn(`[federation] ${remote} declares ${path}, which ${owner} owns`);
        else owners.set(path, remote);
      }
      for (const name of declaredMenus) {
        const place = menu?.[name];
        if (menu && place !== undefined) menus[name].push({ label: menu.label, to: paths[0], place });
      }
    }
  }
  for (const links of Object.values(menus)) links.sort(byPlace);

  return {
    // ranked as react-router ranks one <Routes>: /search/all beats /search/:id (the gateway asks the same)
    ownerOf: routeOwners(declarations),
    menus,
  };
}
