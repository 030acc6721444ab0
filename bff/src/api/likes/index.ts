export { likesRoutes } from './routes';
