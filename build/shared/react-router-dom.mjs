/**
 * What every app shares as `react-router-dom` (webpack.base.js): the declarative router API, from
 * react-router's production build.
 *
 * Why not the package itself: a shared module cannot be tree-shaken (another app may use any export),
 * and react-router-dom's index re-exports all of react-router 7 (data routers, server rendering,
 * sessions and cookies, RSC), 60 KB gz of it in the shell's first load, in its development build
 * (its package "exports" offer no production condition). The site uses one <BrowserRouter> with
 * <Routes>; these are the parts of that API. Lint (eslint.config.mjs) keeps every import of
 * react-router-dom to these names: add one here before using it.
 */
export {
  BrowserRouter,
  MemoryRouter,
  Link,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
  createPath,
  createRoutesFromChildren,
  createRoutesFromElements,
  createSearchParams,
  generatePath,
  matchPath,
  matchRoutes,
  parsePath,
  renderMatches,
  resolvePath,
} from 'react-router';
