/**
 * Support staff (issue 34): roles granted by admins, sign-in with an authenticator app as second factor, the
 * session checks of every staff endpoint, and the command line that makes the first admin.
 */
export { staffChecks } from './middleware';
export { staffRoutes } from './routes';
export { addFromCommandLine, confirmWithCode, type Actor } from './service';
export { staffCodeSchema } from './schemas';
