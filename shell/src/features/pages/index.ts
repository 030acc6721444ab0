export { StaticPage } from './StaticPage';
export { NotFoundPage } from './NotFoundPage';
