import { randomInt } from 'node:crypto';
import { messages, type LoginContent, type SocialLoginBody } from '@swapstuff/contracts';
import { isUniqueViolation, withTransaction } from '@swapstuff/db';
import { IdentityRefused, type VerifiedIdentity } from '../../adapters/identity';
import type { ApiDeps } from '../deps';
import { consume, HttpError } from '../../http';
import { usersRepo, type UserRow } from '../users';
import { individualUser, IP_FAILURES_PER_MINUTE, issueToken, MINUTE, type ClientInfo } from './service';

/** An account made by a provider's sign-in has no password until the member sets one (Forgot password). */
const NO_PASSWORD = '!social';

/**
 * A username proposed from the e-mail (3–20 letters, digits and underscores, not only digits), made unique
 * with a number when it is taken; the member may change it in My Profile.
 */
export function proposedUsername(email: string, taken: number): string {
  let base = email
    .split('@')[0]
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!/[a-z_]/.test(base)) base = `swapper_${base}`;
  if (base.length < 3) base = `${base}_swapper`;
  if (taken === 0) return base.slice(0, 20);
  const suffix = `_${randomInt(1000, 99999)}`;
  return base.slice(0, 20 - suffix.length) + suffix;
}

/**
 * Names from the token: given and family name, else the full name split; else the name the person gave the
 * provider, as the app or the gateway passed it on (Apple's, which its tokens never carry); else the e-mail's name.
 */
function namesOf(identity: VerifiedIdentity, given: GivenName): { first_name: string; last_name: string } {
  if (!identity.givenName && !identity.name && given.givenName) {
    return { first_name: given.givenName.slice(0, 50), last_name: (given.familyName ?? '').slice(0, 50) };
  }
  const [first, ...rest] = (identity.name ?? identity.email.split('@')[0]).split(/\s+/);
  return {
    first_name: (identity.givenName ?? first ?? 'Member').slice(0, 50),
    last_name: (identity.familyName ?? rest.join(' ')).slice(0, 50),
  };
}

/**
 * The user a verified identity opens: the one it was linked to, else the account with the same (verified)
 * e-mail, now linked, else a new account. Races (two first sign-ins at once, a proposed username taken
 * meanwhile) end on a unique index and are tried again.
 */
type GivenName = Pick<SocialLoginBody, 'givenName' | 'familyName'>;

async function userFor(
  deps: ApiDeps,
  identity: VerifiedIdentity,
  given: GivenName,
): Promise<{ user: UserRow; created: boolean }> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const linked = await deps
      .db('social_identities as s')
      .join('users as u', 'u.id', 's.user_id')
      .where({ 's.provider': identity.provider, 's.subject': identity.subject })
      .whereNull('u.deleted_at')
      .first('u.id');
    if (linked) return { user: (await usersRepo.byId(deps.db, linked.id))!, created: false };
    try {
      return await withTransaction(deps.db, async (trx) => {
        const existing = await usersRepo.byEmail(trx, identity.email);
        let userId = existing?.id;
        if (userId === undefined) {
          userId = await usersRepo.insert(
            trx,
            individualUser({
              ...namesOf(identity, given),
              username: proposedUsername(identity.email, attempt),
              email: identity.email,
              password_hash: NO_PASSWORD,
            }),
          );
        }
        await trx('social_identities').insert({
          provider: identity.provider,
          subject: identity.subject,
          user_id: userId,
          created_at: new Date(),
        });
        return { user: (await usersRepo.byId(trx, userId))!, created: existing === undefined };
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error(`no account for ${identity.provider} sign-in after 5 attempts`);
}

/**
 * `/api/app/social/login`: the provider's ID token is the only thing believed (its signature, issuer,
 * audience, expiry, nonce and a verified e-mail: the identity adapter); the body's email, id and providerId
 * are the app's reading of it and are ignored. Counted per address as password sign-ins are.
 */
export async function socialSignIn(
  deps: ApiDeps,
  body: SocialLoginBody,
  client: ClientInfo,
): Promise<LoginContent & { newAccount: boolean }> {
  if (!deps.identity.configured()[body.provider]) throw new HttpError(400, messages.socialProviderNotConfigured);
  await consume(deps.db, [
    { key: `social:ip:${client.ip}`, max: IP_FAILURES_PER_MINUTE, windowMs: MINUTE, message: messages.tooManyAttempts },
  ]);
  let identity: VerifiedIdentity;
  try {
    identity = await deps.identity.verify(body.provider, body.token, body.nonce);
  } catch (err) {
    if (!(err instanceof IdentityRefused)) throw err;
    deps.logger.info({ provider: body.provider, reason: err.reason }, 'social sign-in refused');
    throw new HttpError(401, messages.socialLoginFailed);
  }
  const { user, created } = await userFor(deps, identity, body);
  return { ...(await issueToken(deps, user, client)), newAccount: created };
}
