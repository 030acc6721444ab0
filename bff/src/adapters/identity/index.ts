/**
 * The identity port (issue 15): who an OpenID Connect provider says signed in. The one adapter speaks
 * OpenID Connect to any provider from its issuer (discovery, then its JWKS), so Google, Apple or Facebook's
 * Limited Login and our sandbox (bff/src/sandboxes/oidc) are the same code with other settings. A provider
 * with no issuer and client id configured is "not configured": its buttons say so and the api refuses it.
 */
import { createHash } from 'node:crypto';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { SOCIAL_PROVIDERS, type SocialProvider } from '@swapstuff/contracts';

export interface ProviderSettings {
  /** https://accounts.google.com, https://appleid.apple.com, or the sandbox's URL */
  issuer: string;
  /** the site's client id (the gateway's authorization code flow) */
  clientId: string;
  /** the site's client secret (the gateway's code exchange) */
  clientSecret?: string;
  /** other client ids whose ID tokens the api accepts: the mobile apps' */
  appClientIds: string[];
}

export type IdentitySettings = Partial<Record<SocialProvider, ProviderSettings>>;

/** What a verified ID token says of the person. */
export interface VerifiedIdentity {
  provider: SocialProvider;
  /** the provider's stable id of the person (`sub`) */
  subject: string;
  email: string;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
}

/** Why a token was refused (the api answers 401 with a message; the reason goes to the log). */
export class IdentityRefused extends Error {
  constructor(readonly reason: 'not-configured' | 'invalid' | 'expired' | 'audience' | 'nonce' | 'unverified-email') {
    super(reason);
    this.name = 'IdentityRefused';
  }
}

export interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  /** absent: client_secret_basic, OpenID's default */
  token_endpoint_auth_methods_supported?: string[];
}

export interface Identity {
  /** which providers can be used */
  configured(): Record<SocialProvider, boolean>;
  settings(provider: SocialProvider): ProviderSettings | undefined;
  /** the provider's endpoints (`/.well-known/openid-configuration`), fetched once */
  discover(provider: SocialProvider): Promise<Discovery>;
  /**
   * Checks an ID token: signed by a key of the provider's JWKS, issued by it, for one of our client ids, not
   * expired, for `nonce` when one is given (Apple puts its SHA-256 in the token), with a verified e-mail.
   */
  verify(provider: SocialProvider, idToken: string, nonce?: string): Promise<VerifiedIdentity>;
}

/** Google sends a boolean, Apple the string "true". */
const isTrue = (value: unknown) => value === true || value === 'true';
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

export function createIdentity(settings: IdentitySettings, fetchImpl: typeof fetch = fetch): Identity {
  const discoveries = new Map<SocialProvider, Promise<Discovery>>();
  const keySets = new Map<SocialProvider, ReturnType<typeof createRemoteJWKSet>>();

  const settingsOf = (provider: SocialProvider) => {
    const found = settings[provider];
    if (!found) throw new IdentityRefused('not-configured');
    return found;
  };

  function discover(provider: SocialProvider): Promise<Discovery> {
    const { issuer } = settingsOf(provider);
    let found = discoveries.get(provider);
    if (!found) {
      found = fetchImpl(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`).then(async (res) => {
        if (!res.ok) throw new Error(`OpenID discovery of ${issuer}: ${res.status}`);
        return (await res.json()) as Discovery;
      });
      // a failed discovery is tried again next time
      found.catch(() => discoveries.delete(provider));
      discoveries.set(provider, found);
    }
    return found;
  }

  async function keysOf(provider: SocialProvider) {
    let keys = keySets.get(provider);
    if (!keys) {
      keys = createRemoteJWKSet(new URL((await discover(provider)).jwks_uri));
      keySets.set(provider, keys);
    }
    return keys;
  }

  return {
    configured: () =>
      Object.fromEntries(SOCIAL_PROVIDERS.map((p) => [p, settings[p] !== undefined])) as Record<
        SocialProvider,
        boolean
      >,
    settings: (provider) => settings[provider],
    discover,
    async verify(provider, idToken, nonce) {
      const own = settingsOf(provider);
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(idToken, await keysOf(provider), {
          issuer: (await discover(provider)).issuer,
          audience: [own.clientId, ...own.appClientIds],
          algorithms: ['RS256', 'ES256'],
          requiredClaims: ['sub', 'exp', 'iat'],
        }));
      } catch (err) {
        if (err instanceof errors.JWTExpired) throw new IdentityRefused('expired');
        if (err instanceof errors.JWTClaimValidationFailed && err.claim === 'aud')
          throw new IdentityRefused('audience');
        if (err instanceof errors.JOSEError) throw new IdentityRefused('invalid');
        throw err;
      }
      if (nonce !== undefined) {
        const hashed = createHash('sha256').update(nonce).digest('hex');
        if (payload.nonce !== nonce && payload.nonce !== hashed) throw new IdentityRefused('nonce');
      }
      const email = text(payload.email);
      if (!email || !isTrue(payload.email_verified)) throw new IdentityRefused('unverified-email');
      return {
        provider,
        subject: payload.sub!,
        email: email.toLowerCase(),
        givenName: text(payload.given_name),
        familyName: text(payload.family_name),
        name: text(payload.name),
      };
    },
  };
}

/** SOCIAL_<PROVIDER>_ISSUER, _CLIENT_ID, _CLIENT_SECRET and _APP_CLIENT_IDS (comma-separated), per provider. */
export function identitySettingsFromEnv(env: Record<string, string | undefined>): IdentitySettings {
  const settings: IdentitySettings = {};
  for (const provider of SOCIAL_PROVIDERS) {
    const key = `SOCIAL_${provider.toUpperCase()}`;
    const issuer = env[`${key}_ISSUER`];
    const clientId = env[`${key}_CLIENT_ID`];
    if (!issuer || !clientId) continue;
    settings[provider] = {
      issuer,
      clientId,
      clientSecret: env[`${key}_CLIENT_SECRET`] || undefined,
      appClientIds: (env[`${key}_APP_CLIENT_IDS`] ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    };
  }
  return settings;
}
