export { answerLiveness, healthRoutes } from './routes';
