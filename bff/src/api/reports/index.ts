export { reportsRoutes } from './routes';
export { reportsRepo } from './repo';
