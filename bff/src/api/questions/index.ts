export { questionsRoutes } from './routes';
