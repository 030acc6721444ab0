/**
 * The api's session paths, which the gateway handles too: the answers of sign-in and registration carry
 * `{ token, user }` (the gateway keeps the token in the browser's session), and a logout ends that session.
 */
export const SIGN_IN_PATHS = ['/api/user/signin', '/api/user/signin1', '/api/signin'];
export const REGISTER_PATHS = { individual: '/api/register', business: '/api/v2/register' } as const;
/** Every path whose answer is `{ token, user }`. */
export const TOKEN_ISSUING_PATHS = [...SIGN_IN_PATHS, REGISTER_PATHS.individual, REGISTER_PATHS.business];
/** {id}/{token} carry the device's push token, which goes with the revoked bearer token. */
export const LOGOUT_PATHS = ['/api/logout/:id', '/api/web/logout/:token'];
