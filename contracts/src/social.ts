/** Social sign-in (issue 15): the providers of the spec's body, and what an app sends. */
export const SOCIAL_PROVIDERS = ['google', 'apple', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/**
 * Spec section 7, social login: body fcmToken, token, provider, providerId, email, id, accessToken. `token` is the
 * provider's OpenID Connect ID token, the only thing trusted: providerId, email and id are what the app read
 * from it and are not believed. `nonce` (ours): the value the app put in its authorization request.
 */
export interface SocialLoginBody {
  provider: SocialProvider;
  token: string;
  nonce?: string;
  fcmToken?: string;
  providerId?: string;
  email?: string;
  id?: string;
  accessToken?: string;
  /**
   * ours: the name the person gave the provider, when its ID token carries none (Apple sends it once, beside the
   * token, on the first sign-in only); used only for an account made by this sign-in
   */
  givenName?: string;
  familyName?: string;
}

/** The site's sign-in through a provider (the gateway's authorization code flow): where it starts and returns. */
export const SOCIAL_SIGN_IN_PATH = '/login-web';
export const SOCIAL_CALLBACK_PATH = '/login-web/callback';

/**
 * How a site sign-in through a provider ended: the gateway sends the browser to
 * `/login?callbackUrl=…&social=<outcome>`, where the shell opens the session (signed-in, new-account: My Profile's
 * form, to review the proposed username) or shows the outcome's toast.
 */
export const SOCIAL_OUTCOMES = ['signed-in', 'new-account', 'failed', 'not-configured', 'cancelled'] as const;
export type SocialOutcome = (typeof SOCIAL_OUTCOMES)[number];
