/**
 * Which of a set of react-router path patterns a URL path opens, ranked and matched as react-router's
 * `matchRoutes` does for sibling routes (static segments beat `:params`, which beat a final `*`; equal
 * ranks keep their order; any case; trailing slashes; `?` optional segments). The shell's route table and
 * the gateway's answer for a browser route both ask this, so the page the browser renders and the status
 * and preloads the gateway sends never disagree; the remotes render their pages with react-router itself
 * (path-match.test.ts holds the two side by side).
 */

export interface PathRoute<T> {
  /** a pattern from the root: `/item-detail/:id`, `/search/:categoryId?`, `/docs/*` */
  path: string;
  value: T;
}

export interface PathMatch<T> {
  value: T;
  /** the matched `:params` (and `*`), decoded; an optional one that is absent is undefined */
  params: Record<string, string | undefined>;
}

interface Branch<T> {
  score: number;
  order: number;
  matcher: RegExp;
  params: { name: string; optional: boolean }[];
  value: T;
}

/** `/a/:b?/c` → `/a/:b/c` and `/a/c` (react-router's explodeOptionalSegments). */
function explodeOptionalSegments(path: string): string[] {
  const [first, ...rest] = path.split('/');
  const optional = first.endsWith('?');
  const required = first.replace(/\?$/, '');
  if (rest.length === 0) return optional ? [required, ''] : [required];
  const restExploded = explodeOptionalSegments(rest.join('/'));
  const result = restExploded.map((sub) => (sub === '' ? required : `${required}/${sub}`));
  if (optional) result.push(...restExploded);
  return result.map((exploded) => (path.startsWith('/') && exploded === '' ? '/' : exploded));
}

const PARAM = /^:[\w-]+$/;

/** react-router's computeScore: more segments and static ones rank first, a splat last. */
function scoreOf(path: string): number {
  const segments = path.split('/');
  const splat = segments.includes('*');
  return segments
    .filter((segment) => segment !== '*')
    .reduce(
      (score, segment) => score + (PARAM.test(segment) ? 3 : segment === '' ? 1 : 10),
      segments.length + (splat ? -2 : 0),
    );
}

/** react-router's compilePath (end: true, case-insensitive). */
function compile(path: string): Pick<Branch<unknown>, 'matcher' | 'params'> {
  const params: Branch<unknown>['params'] = [];
  let source =
    '^' +
    path
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(
        /\/:([\w-]+)(\?)?/g,
        (match: string, name: string, optional: string | undefined, index: number, str: string) => {
          params.push({ name, optional: optional !== undefined });
          if (!optional) return '/([^\\/]+)';
          const next = str.charAt(index + match.length);
          return next && next !== '/' ? '/([^\\/]*)' : '(?:/([^\\/]*))?';
        },
      )
      .replace(/\/([\w-]+)\?(\/|$)/g, '(/$1)?$2');
  if (path.endsWith('*')) {
    params.push({ name: '*', optional: false });
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else {
    source += '\\/*$';
  }
  return { matcher: new RegExp(source, 'i'), params };
}

/** Each segment decoded, an encoded slash kept as %2F (react-router's decodePath). */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/** A matcher over `routes`, ranked once: the best route for a URL path, or null when none matches. */
export function pathMatcher<T>(routes: readonly PathRoute<T>[]): (pathname: string) => PathMatch<T> | null {
  const branches: Branch<T>[] = routes
    .flatMap(({ path, value }, order) =>
      (path.includes('?') ? explodeOptionalSegments(path) : [path]).map((exploded) => ({
        score: scoreOf(exploded),
        order,
        value,
        ...compile(exploded),
      })),
    )
    .sort((a, b) => b.score - a.score || a.order - b.order);

  return (pathname) => {
    const decoded = decodePath(pathname || '/');
    for (const { matcher, params, value } of branches) {
      const found = matcher.exec(decoded);
      if (!found) continue;
      const matched: PathMatch<T>['params'] = {};
      params.forEach(({ name, optional }, i) => {
        const captured = found[i + 1];
        matched[name] = optional && !captured ? undefined : (captured ?? '').replace(/%2F/g, '/');
      });
      return { value, params: matched };
    }
    return null;
  };
}
