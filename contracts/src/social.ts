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
}
