import {
  messages,
  safetyMessages,
  type BusinessRegisterBody,
  type LoginContent,
  type RegisterBody,
  type UserRole,
} from '@swapstuff/contracts';
import { isUniqueViolation, withTransaction, type Knex } from '@swapstuff/db';
import type { ApiDeps } from '../deps';
import { clearLimit, consume, escapeHtml, fieldError, HttpError, refund, type Limit } from '../../http';
import { canonicalEmail, toUser, usersRepo, type NewUser, type UserRow } from '../users';
import { passwordProblem } from './password-policy';
import { burnVerify, hashPassword, verifyPassword } from './passwords';
import { resetsRepo, tokensRepo, type TokenKind } from './repo';
import type { ChangePasswordBody, ResetPasswordBody, SignInBody } from './schemas';
import { digest, newSecret } from './tokens';

export interface ClientInfo {
  ip: string;
  kind: TokenKind;
  pushToken: string | null;
}

export const MINUTE = 60 * 1000;
/** Spec acceptance: the 11th wrong password for one account within a minute gets 429. */
export const ACCOUNT_FAILURES_PER_MINUTE = 10;
/** Higher, so that people behind one NAT do not lock each other out, yet a sprayer is slowed. */
export const IP_FAILURES_PER_MINUTE = 50;
/** A signed-in session that guesses its own password (change password, delete account) gets few tries. */
export const PASSWORD_CHECKS_PER_WINDOW = 5;
export const PASSWORD_CHECK_WINDOW_MS = 15 * MINUTE;
export const RESET_LINK_TTL_MS = 60 * MINUTE;

/**
 * Whose sign-in attempts a limit counts: the account's, by its id, once the e-mail names one (however it was
 * spelled); an unknown e-mail's by its canonical spelling.
 */
const signInKey = (user: UserRow | undefined, email: string) =>
  user ? `signin:user:${user.id}` : `signin:email:${canonicalEmail(email)}`;
const ipKey = (ip: string) => `signin:ip:${ip}`;
const passwordCheckKey = (userId: number) => `password-check:user:${userId}`;

/** Refuses a new password that is common, easy to guess or made of the account's own e-mail or username. */
function requireStrongPassword(password: string, identity: { email: string; username: string }, field: string): void {
  const problem = passwordProblem(password, identity);
  if (problem) throw fieldError({ [field]: problem });
}

export async function issueToken(deps: ApiDeps, user: UserRow, client: ClientInfo): Promise<LoginContent> {
  // every way in (password, social, staff) ends here: a suspended member is told why, and gets no session
  if (user.blocked_at) {
    throw new HttpError(403, [safetyMessages.accountSuspended, user.suspension_reason].filter(Boolean).join(' '));
  }
  const token = newSecret();
  await tokensRepo.insert(deps.db, {
    tokenHash: digest(token),
    userId: user.id,
    kind: client.kind,
    pushToken: client.pushToken,
  });
  // for support's page of the member: when, how and from where they signed in
  await deps.db('sign_ins').insert({ user_id: user.id, kind: client.kind, ip: client.ip, created_at: new Date() });
  return { token, user: toUser(user, await roleOf(deps.db, user.id)) };
}

/** 'user', or the staff role the user holds. */
export async function roleOf(db: Knex, userId: number): Promise<UserRole> {
  const row = await db('staff_roles').where({ user_id: userId }).first<{ role: UserRole } | undefined>('role');
  return row?.role ?? 'user';
}

async function createAccount(
  deps: ApiDeps,
  user: NewUser,
  fields: { email: string; username: string },
  client: ClientInfo,
): Promise<LoginContent> {
  const errors: Record<string, string> = {};
  if (await usersRepo.emailTaken(deps.db, user.email)) errors[fields.email] = messages.emailTaken;
  if (await usersRepo.usernameTaken(deps.db, user.username)) errors[fields.username] = messages.usernameTaken;
  if (Object.keys(errors).length) throw fieldError(errors, 409);
  let id: number;
  try {
    id = await usersRepo.insert(deps.db, user);
  } catch (err) {
    // two sign-ups raced past the checks above; the unique index decides
    if (isUniqueViolation(err)) throw fieldError({ [fields.email]: messages.emailTaken }, 409);
    throw err;
  }
  const row = await usersRepo.byId(deps.db, id);
  if (!row) throw new Error(`user ${id} vanished after insert`);
  return issueToken(deps, row, client);
}

/** An individual's new row: no phone yet, no business details. */
export function individualUser(
  user: Pick<NewUser, 'first_name' | 'last_name' | 'username' | 'email' | 'password_hash'>,
): NewUser {
  return {
    ...user,
    phone_no: null,
    is_business: false,
    businessName: null,
    businessUsername: null,
    businessEINNumber: null,
    businessEmail: null,
    address: null,
    city: null,
    state: null,
    zip: null,
  };
}

export async function registerIndividual(deps: ApiDeps, body: RegisterBody, client: ClientInfo): Promise<LoginContent> {
  requireStrongPassword(body.password, { email: body.email, username: body.username }, 'password');
  const passwordHash = await hashPassword(body.password);
  return createAccount(
    deps,
    individualUser({
      first_name: body.firstName.trim(),
      last_name: body.lastName.trim(),
      username: body.username,
      email: body.email.trim(),
      password_hash: passwordHash,
    }),
    { email: 'email', username: 'username' },
    client,
  );
}

/**
 * A business signs in with its business e-mail and is known by its business username: both are also
 * stored in email/username, so individuals and businesses share one namespace for each.
 */
export async function registerBusiness(
  deps: ApiDeps,
  body: BusinessRegisterBody,
  client: ClientInfo,
): Promise<LoginContent> {
  requireStrongPassword(body.password, { email: body.businessEmail, username: body.businessUsername }, 'password');
  const passwordHash = await hashPassword(body.password);
  const email = canonicalEmail(body.businessEmail);
  return createAccount(
    deps,
    {
      first_name: null,
      last_name: null,
      username: body.businessUsername,
      email,
      phone_no: body.phone.trim(),
      is_business: true,
      businessName: body.businessName.trim(),
      businessUsername: body.businessUsername,
      businessEINNumber: body.businessEINNumber ? body.businessEINNumber : null,
      businessEmail: email,
      address: body.address.trim(),
      city: body.city.trim(),
      state: body.state.trim(),
      zip: body.zip.trim(),
      password_hash: passwordHash,
    },
    { email: 'businessEmail', username: 'businessUsername' },
    client,
  );
}

/**
 * Unknown e-mail and wrong password get the same 401 after the same amount of hashing work.
 * Every attempt is counted per account and per IP before its password is checked; over a limit, 429.
 * A successful sign-in clears its account's count and gives its IP's attempt back.
 */
export async function signIn(deps: ApiDeps, body: SignInBody, client: ClientInfo): Promise<LoginContent> {
  return issueToken(deps, await checkSignIn(deps, body, client.ip), client);
}

/** The password check of every sign-in (the marketplace's and staff's): the account it opens, or 401 / 429. */
export async function checkSignIn(deps: ApiDeps, body: SignInBody, ip: string): Promise<UserRow> {
  const user = await usersRepo.byEmail(deps.db, body.email);
  const accountKey = signInKey(user, body.email);
  const limits: Limit[] = [
    { key: accountKey, max: ACCOUNT_FAILURES_PER_MINUTE, windowMs: MINUTE, message: messages.tooManyAttempts },
    { key: ipKey(ip), max: IP_FAILURES_PER_MINUTE, windowMs: MINUTE, message: messages.tooManyAttempts },
  ];
  await consume(deps.db, limits);
  const valid = user ? await verifyPassword(user.password_hash, body.password) : await burnVerify(body.password);
  if (!user || !valid) throw new HttpError(401, messages.invalidCredentials);
  await clearLimit(deps.db, accountKey);
  await refund(deps.db, ipKey(ip));
  return user;
}

/**
 * The current-password check of a signed-in user (change password, delete account): counted before it
 * is made, 5 per 15 minutes, so that a stolen session cannot try passwords at will.
 */
export async function checkOwnPassword(deps: ApiDeps, user: UserRow, password: string, field: string): Promise<void> {
  const key = passwordCheckKey(user.id);
  await consume(deps.db, [
    {
      key,
      max: PASSWORD_CHECKS_PER_WINDOW,
      windowMs: PASSWORD_CHECK_WINDOW_MS,
      message: messages.tooManyPasswordChecks,
    },
  ]);
  if (!(await verifyPassword(user.password_hash, password))) {
    throw fieldError({ [field]: messages.currentPasswordWrong });
  }
  await clearLimit(deps.db, key);
}

/** Registers the push token of the device a sign-in belongs to (spec: the fcmToken header). */
export async function registerPushToken(deps: ApiDeps, tokenId: number, pushToken: string): Promise<void> {
  await tokensRepo.setPushToken(deps.db, tokenId, pushToken);
}

/** Every session and reset link of the account ends, inside the caller's transaction (account deletion). */
export async function endEverySession(trx: Knex.Transaction, userId: number): Promise<void> {
  await tokensRepo.revokeAllOf(trx, userId);
  await resetsRepo.voidAllOf(trx, userId);
}

export async function logout(deps: ApiDeps, tokenId: number): Promise<void> {
  await tokensRepo.revoke(deps.db, tokenId);
  deps.realtime.endConnections({ tokenId });
}

/**
 * Always the same answer, whether or not the e-mail has an account; the mail goes out in the
 * background so that the response time does not tell either.
 */
export async function requestPasswordReset(deps: ApiDeps, email: string, ip: string): Promise<void> {
  const user = await usersRepo.byEmail(deps.db, email);
  // counted per account once the e-mail names one, as sign-in is
  const accountKey = user ? `reset:user:${user.id}` : `reset:email:${canonicalEmail(email)}`;
  await consume(deps.db, [
    { key: accountKey, max: 3, windowMs: MINUTE, message: messages.rateLimited },
    { key: `reset:ip:${ip}`, max: 20, windowMs: MINUTE, message: messages.rateLimited },
  ]);
  if (!user) return;
  const token = newSecret();
  await resetsRepo.insert(deps.db, {
    tokenHash: digest(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS),
  });
  const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  deps.mailer.send(resetMail(user.email, link)).catch((err: unknown) => {
    deps.logger.error({ err, userId: user.id }, 'password reset mail failed');
  });
}

export function resetMail(to: string, link: string) {
  const subject = 'Reset your Swapstuff password';
  const text = [
    'Hello,',
    '',
    'We received a request to reset the password of your Swapstuff account.',
    'Open this link within one hour to choose a new password (it works once):',
    '',
    link,
    '',
    'If you did not ask for this, you can ignore this e-mail: your password stays the same.',
  ].join('\n');
  const href = escapeHtml(link);
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>Hello,</p>
<p>We received a request to reset the password of your Swapstuff account. Use the button below within one hour to choose a new password (the link works once).</p>
<p><a href="${href}" style="display:inline-block;padding:10px 18px;background:#1677ff;color:#fff;border-radius:6px;text-decoration:none">Reset password</a></p>
<p style="font-size:12px;color:#6b7280">Or paste this address into your browser: ${href}</p>
<p>If you did not ask for this, you can ignore this e-mail: your password stays the same.</p>
</body></html>`;
  return { to, subject, text, html };
}

/** Single use, one hour; ends every session of the account (whoever asked may not be the owner). */
export async function resetPassword(deps: ApiDeps, body: ResetPasswordBody): Promise<void> {
  const passwordHash = await hashPassword(body.password);
  const reset = await withTransaction(deps.db, async (trx) => {
    const userId = await resetsRepo.consume(trx, digest(body.token));
    if (userId === undefined) return undefined;
    const user = await usersRepo.byId(trx, userId);
    if (!user) return undefined;
    // refused inside the transaction, so that the link still works for a better password
    requireStrongPassword(body.password, user, 'password');
    await usersRepo.setPassword(trx, userId, passwordHash);
    await tokensRepo.revokeAllOf(trx, userId);
    await resetsRepo.voidAllOf(trx, userId);
    return { userId, user };
  });
  if (reset === undefined) throw fieldError({ token: messages.resetLinkInvalid });
  deps.realtime.endConnections({ userId: reset.userId });
  // whoever proves they own the mailbox is no longer locked out by earlier failures
  await clearLimit(deps.db, signInKey(reset.user, reset.user.email));
}

/** Keeps the token that made the request; every other token (other devices, gateway sessions) ends. */
export async function changePassword(
  deps: ApiDeps,
  user: UserRow,
  tokenId: number,
  body: ChangePasswordBody,
): Promise<void> {
  await checkOwnPassword(deps, user, body.currentPassword, 'currentPassword');
  if (body.newPassword === body.currentPassword) throw fieldError({ newPassword: messages.samePassword });
  requireStrongPassword(body.newPassword, user, 'newPassword');
  const passwordHash = await hashPassword(body.newPassword);
  await withTransaction(deps.db, async (trx) => {
    await usersRepo.setPassword(trx, user.id, passwordHash);
    await tokensRepo.revokeAllOf(trx, user.id, tokenId);
    await resetsRepo.voidAllOf(trx, user.id);
  });
  deps.realtime.endConnections({ userId: user.id, exceptTokenId: tokenId });
}
