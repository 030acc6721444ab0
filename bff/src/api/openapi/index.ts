export { openApiRoutes } from './routes';
