/**
 * Sign-in, registration and passwords; and for every other feature, who is calling: the bearer-token
 * middleware and the current-password check of sensitive changes.
 */
export { authRoutes } from './routes';
export {
  authOf,
  authOfBearer,
  bearerOf,
  bearerSessions,
  optionalAuth,
  requireAuth,
  viewerOf,
  type AuthContext,
} from './middleware';
export {
  checkOwnPassword,
  checkSignIn,
  endEverySession,
  individualUser,
  issueToken,
  registerPushToken,
  requestPasswordReset,
  roleOf,
} from './service';
export { hashPassword } from './passwords';
export { digest } from './tokens';
export { tokensRepo, type TokenKind } from './repo';
