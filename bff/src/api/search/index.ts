export { searchRoutes } from './routes';
export { newestIds } from './repo';
