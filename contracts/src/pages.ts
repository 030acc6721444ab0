/**
 * What a remote declares about its pages: the one place that says where they live, which need login and
 * where the spec's menus list them (docs/decisions.md, "Routes owned by remotes"). A remote keeps its
 * declaration in `src/pages.json`: its App renders from it, its build publishes it in `mf-manifest.json`
 * (`metaData.swapstuff.pages`), the gateway passes it on in `/mf/remotes.json`, and the shell derives its
 * route table, its login guard and its menus from it without loading the remote's code.
 */
import { pathMatcher } from './path-match';
import { routes, staticPageSlugs } from './routes';

/**
 * The pages the shell renders itself; every other page is a remote's. The shell routes them, and the
 * gateway answers any path that is neither these nor a remote's declared page with 404.
 */
export const shellPages = {
  /** the auth screens, in their two-panel layout */
  auth: [routes.login, routes.signUp, routes.forgetPassword, routes.resetPassword],
  /** the static pages, in the main layout */
  main: staticPageSlugs.map((slug) => routes.page(slug)),
} as const;

/** The menus of spec section 2 that list remotes' pages (the signed-out menu is the shell's alone). */
export const declaredMenus = ['tabBar', 'signedInMenu', 'avatarMenu'] as const;
export type DeclaredMenu = (typeof declaredMenus)[number];

export interface PageDeclaration {
  /** react-router path patterns from the site's root (`/item-detail/:id`); a menu links to the first */
  paths: string[];
  /** a visitor is sent to /login?callbackUrl=… (by the shell, even when the remote is down) */
  needsLogin?: boolean;
  /**
   * The page's entry in the menus: its label, spelled as the spec has it, and its place in each menu that
   * lists it. Places are numbers the shell sorts by, across every remote and its own entries (Home is 0).
   */
  menu?: { label: string } & Partial<Record<DeclaredMenu, number>>;
}

/** Page name → declaration. The names are the remote's own: its App maps each to the page's component. */
export type PageDeclarations = Record<string, PageDeclaration>;

/** Where the declaration sits in a remote's mf-manifest.json: `metaData[MANIFEST_KEY].pages`. */
export const MANIFEST_KEY = 'swapstuff';

/** A react-router path pattern from the root: URL characters, `:params`, `?` optional segments, a final `*`. */
const PATH_PATTERN = /^\/[\w\-.~:@!$&'()+,;=/?]*\*?$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One page's declaration, or what is wrong with it; fields it does not know are reported and left out. */
function readPage(name: string, raw: unknown, problems: string[]): PageDeclaration | null {
  if (!isObject(raw)) {
    problems.push(`${name}: not an object`);
    return null;
  }
  const { paths, needsLogin, menu, ...unknown } = raw;
  for (const key of Object.keys(unknown)) problems.push(`${name}: unknown field "${key}"`);
  if (
    !Array.isArray(paths) ||
    paths.length === 0 ||
    !paths.every((p) => typeof p === 'string' && PATH_PATTERN.test(p))
  ) {
    problems.push(`${name}: "paths" must be a non-empty list of path patterns starting with /`);
    return null;
  }
  if (needsLogin !== undefined && typeof needsLogin !== 'boolean') {
    problems.push(`${name}: "needsLogin" must be true or false`);
    return null;
  }
  const page: PageDeclaration = { paths: [...(paths as string[])], ...(needsLogin ? { needsLogin } : {}) };
  if (menu === undefined) return page;

  const { label, ...places } = isObject(menu) ? menu : { label: undefined };
  if (typeof label !== 'string' || !label.trim()) {
    problems.push(`${name}: "menu" needs a label`);
    return page;
  }
  if (/[:*?]/.test(page.paths[0])) {
    problems.push(`${name}: a menu links to the first path, which must be a plain path (no parameter)`);
    return page;
  }
  const entry: NonNullable<PageDeclaration['menu']> = { label };
  for (const [key, place] of Object.entries(places)) {
    if (!(declaredMenus as readonly string[]).includes(key)) problems.push(`${name}: unknown menu "${key}"`);
    else if (typeof place !== 'number' || !Number.isFinite(place))
      problems.push(`${name}: the place in ${key} must be a number`);
    else entry[key as DeclaredMenu] = place;
  }
  return { ...page, menu: entry };
}

/**
 * Reads a declaration that came from another deploy: every well-formed page, and a line for each thing
 * that is not. A page without usable paths is left out; a bad menu entry leaves the page without it. The
 * shell logs the problems and goes on; a remote's build refuses to publish a declaration that has any.
 */
export function readPageDeclarations(raw: unknown): { pages: PageDeclarations; problems: string[] } {
  const problems: string[] = [];
  if (!isObject(raw)) return { pages: {}, problems: ['the declaration must be an object of pages'] };
  const pages = Object.entries(raw).flatMap(([name, value]) => {
    const page = readPage(name, value, problems);
    return page ? [[name, page] as const] : [];
  });
  // fromEntries defines each name as the page's own property, "__proto__" included
  return { pages: Object.fromEntries(pages), problems };
}

/** The remote whose page a path is, and whether that page needs login. */
export interface RouteOwner {
  remote: string;
  needsLogin: boolean;
}

/**
 * Who owns a path among the pages the remotes declare (read with readPageDeclarations), in the
 * registry's order: patterns rank as react-router ranks them, and of two remotes declaring the same path
 * the first keeps it. The shell's route table and the gateway's page for a path both ask this.
 */
export function routeOwners(
  declarations: readonly (readonly [remote: string, pages: PageDeclarations])[],
): (pathname: string) => RouteOwner | null {
  const match = pathMatcher(
    declarations.flatMap(([remote, pages]) =>
      Object.values(pages).flatMap(({ paths, needsLogin = false }) =>
        paths.map((path) => ({ path, value: { remote, needsLogin } })),
      ),
    ),
  );
  return (pathname) => match(pathname)?.value ?? null;
}
