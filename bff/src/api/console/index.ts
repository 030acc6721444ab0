/** The support console's look-ups (issue 34): search anything, a member's page. */
export { consoleRoutes } from './routes';
