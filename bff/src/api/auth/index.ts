/**
 * Sign-in, registration and passwords; and for every other feature, who is calling: the bearer-token
 * middleware and the current-password check of sensitive changes.
 */
export { authRoutes } from './routes';
export { authOf, bearerSessions, optionalAuth, requireAuth, viewerOf, type AuthContext } from './middleware';
export { checkOwnPassword, endEverySession, registerPushToken } from './service';
export { tokensRepo } from './repo';
