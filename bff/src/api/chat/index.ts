/** Chat between two users (issue 16): conversations about a listing or not, stored before delivery. */
export { chatRoutes } from './routes';
