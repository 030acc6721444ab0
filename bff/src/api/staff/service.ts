import { randomBytes, randomInt } from 'node:crypto';
import { messages, staffMessages, type StaffProfile, type StaffRole, type StaffSignIn } from '@swapstuff/contracts';
import { withTransaction, type Knex } from '@swapstuff/db';
import type { ApiDeps } from '../deps';
import { auditRepo } from '../audit';
import {
  checkSignIn,
  digest,
  hashPassword,
  individualUser,
  issueToken,
  roleOf,
  tokensRepo,
  type AuthContext,
} from '../auth';
import { clearLimit, consume, fieldError, HttpError } from '../../http';
import { fullNameOf, toUser, usersRepo } from '../users';
import { factorsRepo, recoveryCodesRepo, staffRepo } from './repo';
import { acceptedStep, newEnrolment, openSecret, sealSecret } from './totp';

const MINUTE = 60 * 1000;
/** Codes of one staff member's authenticator tried (right or wrong) before 429: 5 per 15 minutes. */
export const CODE_TRIES = 5;
export const CODE_WINDOW_MS = 15 * MINUTE;
export const RECOVERY_CODE_COUNT = 10;

const codeKey = (userId: number) => `staff-code:user:${userId}`;

/** Who acts, from where: every staff action's audit row names both. */
export interface Actor {
  auth: AuthContext;
  ip: string;
}

/**
 * Staff sign-in, first step: e-mail and password as anyone's (the same limits), then a staff token that opens
 * nothing of the console until its second factor is given. Someone without a role is told what a wrong password
 * is told: the sign-in does not say who is staff.
 */
export async function staffSignIn(
  deps: ApiDeps,
  body: { email: string; password: string },
  ip: string,
): Promise<StaffSignIn> {
  const user = await checkSignIn(deps, body, ip);
  const role = await roleOf(deps.db, user.id);
  if (role === 'user') throw new HttpError(401, messages.invalidCredentials);
  const { token } = await issueToken(deps, user, { ip, kind: 'staff', pushToken: null });
  const factor = await factorsRepo.of(deps.db, user.id);
  let enrolment: StaffSignIn['enrolment'] = null;
  if (!factor?.enrolled_at) {
    // a new secret at each sign-in until one is confirmed: an offered secret seen by someone else is worth nothing
    enrolment = await newEnrolment(user.email);
    await factorsRepo.offer(deps.db, user.id, sealSecret(deps.staffKey, enrolment.secret));
  }
  return { token, user: toUser(user, role), role, enrolment };
}

/**
 * Takes a code of the user's authenticator: right, of a time step later than the last one taken (a code opens
 * once, however many requests carry it at once: the factor's row is locked), counted against CODE_TRIES. `then`
 * runs in the same transaction, so that what the code allows is done only if the code is spent.
 */
async function takeCode(
  deps: ApiDeps,
  userId: number,
  code: string,
  purpose: 'enrol' | 'confirm',
  then: (trx: Knex.Transaction) => Promise<void> = async () => {},
): Promise<void> {
  await consume(deps.db, [
    { key: codeKey(userId), max: CODE_TRIES, windowMs: CODE_WINDOW_MS, message: staffMessages.tooManyCodes },
  ]);
  await withTransaction(deps.db, async (trx) => {
    const factor = await factorsRepo.lock(trx, userId);
    const enrolled = Boolean(factor?.enrolled_at);
    if (!factor || (purpose === 'confirm' && !enrolled)) throw new HttpError(409, staffMessages.notEnrolled);
    if (purpose === 'enrol' && enrolled) throw new HttpError(409, staffMessages.alreadyEnrolled);
    const secret = openSecret(deps.staffKey, factor.secret);
    const step = acceptedStep(secret, code, Number(factor.last_step));
    if (step === undefined) {
      const reused = acceptedStep(secret, code, 0) !== undefined;
      throw fieldError({ code: reused ? staffMessages.codeUsed : staffMessages.codeWrong });
    }
    await factorsRepo.accept(trx, userId, step, purpose === 'enrol');
    await then(trx);
  });
  await clearLimit(deps.db, codeKey(userId));
}

/** Ten codes of 60 random bits, grouped for reading (`k7mq-2xhd-9fta`); only their hashes are kept. */
function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: 3 }, () =>
      Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join(''),
    ).join('-'),
  );
}
const recoveryHash = (code: string) => digest(`recovery:${code.toLowerCase().replace(/[^a-z0-9]/g, '')}`);

/** Confirms the authenticator offered at sign-in with its first code: the sign-in is complete, and ten recovery codes are shown once. */
export async function enrol(deps: ApiDeps, { auth, ip }: Actor, code: string): Promise<{ recovery_codes: string[] }> {
  const codes = newRecoveryCodes();
  await takeCode(deps, auth.user.id, code, 'enrol', async (trx) => {
    await recoveryCodesRepo.replace(trx, auth.user.id, codes.map(recoveryHash));
    await tokensRepo.markSecondFactor(trx, auth.tokenId);
    await auditRepo.insert(trx, {
      staffId: auth.user.id,
      kind: 'staff.enrol',
      targetType: 'user',
      targetId: auth.user.id,
      ip,
    });
  });
  return { recovery_codes: codes };
}

/** The second step of a staff sign-in: a code of the authenticator, or one of the recovery codes (each once). */
export async function verify(
  deps: ApiDeps,
  { auth, ip }: Actor,
  input: { code?: string; recoveryCode?: string },
): Promise<void> {
  if (input.code !== undefined) {
    await takeCode(deps, auth.user.id, input.code, 'confirm', (trx) => tokensRepo.markSecondFactor(trx, auth.tokenId));
    return;
  }
  const userId = auth.user.id;
  await consume(deps.db, [
    { key: codeKey(userId), max: CODE_TRIES, windowMs: CODE_WINDOW_MS, message: staffMessages.tooManyCodes },
  ]);
  await withTransaction(deps.db, async (trx) => {
    if (!(await recoveryCodesRepo.use(trx, userId, recoveryHash(input.recoveryCode ?? '')))) {
      throw fieldError({ recoveryCode: staffMessages.recoveryCodeWrong });
    }
    await tokensRepo.markSecondFactor(trx, auth.tokenId);
    await auditRepo.insert(trx, {
      staffId: userId,
      kind: 'staff.recovery-code',
      targetType: 'user',
      targetId: userId,
      ip,
    });
  });
  await clearLimit(deps.db, codeKey(userId));
}

/** A sensitive action's confirmation: a code of this moment, not the one the sign-in took. */
export async function confirmWithCode(deps: ApiDeps, auth: AuthContext, code: string | undefined): Promise<void> {
  if (!code) throw fieldError({ code: staffMessages.freshCodeRequired }, 403);
  await takeCode(deps, auth.user.id, code, 'confirm');
}

export async function profile(deps: ApiDeps, auth: AuthContext): Promise<StaffProfile> {
  return {
    user: toUser(auth.user, auth.role),
    role: auth.role as StaffRole,
    recovery_codes_left: await recoveryCodesRepo.unusedCount(deps.db, auth.user.id),
  };
}

/** New recovery codes for the one signed in (the old ones stop working), after a fresh code. */
export async function renewRecoveryCodes(
  deps: ApiDeps,
  { auth, ip }: Actor,
  code: string | undefined,
): Promise<{ recovery_codes: string[] }> {
  await confirmWithCode(deps, auth, code);
  const codes = newRecoveryCodes();
  await withTransaction(deps.db, async (trx) => {
    await recoveryCodesRepo.replace(trx, auth.user.id, codes.map(recoveryHash));
    await auditRepo.insert(trx, {
      staffId: auth.user.id,
      kind: 'staff.recovery-codes',
      targetType: 'user',
      targetId: auth.user.id,
      ip,
    });
  });
  return { recovery_codes: codes };
}

/**
 * Locks the admins' role rows, and refuses a change that would leave none: two admins removing each other at
 * once leave one, not zero.
 */
async function keepAnAdmin(trx: Knex.Transaction, losing: number): Promise<void> {
  const admins: { user_id: number }[] = await trx('staff_roles').where({ role: 'admin' }).forUpdate().select('user_id');
  if (admins.every((admin) => admin.user_id === losing)) throw new HttpError(409, staffMessages.lastAdmin);
}

/**
 * Sets a member's role (null: takes it away) on its locked row, ends their staff sign-ins (they were made for what
 * the old role allowed) and records the change; nothing when the role is already that one. `by` is the admin, or
 * null for the command line.
 */
async function changeRole(
  trx: Knex.Transaction,
  by: Actor | null,
  userId: number,
  role: StaffRole | null,
  reason: string | null,
): Promise<void> {
  const before = await staffRepo.lock(trx, userId);
  if ((before?.role ?? null) === role) return;
  if (before?.role === 'admin') await keepAnAdmin(trx, userId);
  const staffId = by?.auth.user.id ?? null;
  if (role) await staffRepo.set(trx, userId, role, staffId);
  else await staffRepo.remove(trx, userId);
  await tokensRepo.revokeStaffOf(trx, userId);
  await auditRepo.insert(trx, {
    staffId,
    kind: role ? 'role.grant' : 'role.revoke',
    targetType: 'user',
    targetId: userId,
    before: { role: before?.role ?? 'user' },
    after: { role: role ?? 'user' },
    reason,
    ip: by?.ip ?? null,
  });
}

/** An admin gives a member (by the e-mail of their account) a staff role, or changes it; after a fresh code. */
export async function grantRole(
  deps: ApiDeps,
  actor: Actor,
  input: { email: string; role: StaffRole; code?: string; reason?: string },
): Promise<void> {
  const user = await usersRepo.byEmail(deps.db, input.email);
  if (!user) throw fieldError({ email: staffMessages.noSuchUser }, 404);
  await confirmWithCode(deps, actor.auth, input.code);
  await withTransaction(deps.db, (trx) => changeRole(trx, actor, user.id, input.role, input.reason || null));
}

/** An admin takes a staff member's role away: their staff sign-ins end at once. After a fresh code. */
export async function revokeRole(
  deps: ApiDeps,
  actor: Actor,
  input: { userId: number; code?: string; reason?: string },
): Promise<void> {
  await confirmWithCode(deps, actor.auth, input.code);
  await withTransaction(deps.db, (trx) => changeRole(trx, actor, input.userId, null, input.reason || null));
}

/** A staff member who lost their authenticator sets up a new one at their next sign-in (an admin's decision). */
export async function resetFactor(
  deps: ApiDeps,
  { auth, ip }: Actor,
  input: { userId: number; code?: string; reason?: string },
): Promise<void> {
  await confirmWithCode(deps, auth, input.code);
  await withTransaction(deps.db, async (trx) => {
    await factorsRepo.remove(trx, input.userId);
    await tokensRepo.revokeStaffOf(trx, input.userId);
    await auditRepo.insert(trx, {
      staffId: auth.user.id,
      kind: 'staff.factor-reset',
      targetType: 'user',
      targetId: input.userId,
      reason: input.reason || null,
      ip,
    });
  });
}

export async function staffList(deps: ApiDeps) {
  const rows = await staffRepo.list(deps.db);
  return rows.map((row) => ({
    user_id: row.user_id,
    email: row.email,
    name: fullNameOf(row),
    role: row.role,
    granted_at: new Date(row.granted_at).toISOString(),
    enrolled: row.enrolled_at !== null,
  }));
}

/**
 * `npm run staff -- add <email> --role admin|support`: the first admin (there is no default one), or any role
 * from a shell on the server. An e-mail with no account gets one, with a password printed once by the caller;
 * an existing account keeps its password. Written to the audit trail as the command line's.
 */
export async function addFromCommandLine(
  db: Knex,
  email: string,
  role: StaffRole,
): Promise<{ userId: number; password?: string }> {
  let user = await usersRepo.byEmail(db, email);
  let password: string | undefined;
  if (!user) {
    password = randomBytes(18).toString('base64url');
    const local =
      email
        .split('@')[0]
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 12) || 'staff';
    const id = await usersRepo.insert(
      db,
      individualUser({
        first_name: local,
        last_name: 'Staff',
        username: `${local}${randomInt(1000, 10000)}`,
        email,
        password_hash: await hashPassword(password),
      }),
    );
    user = (await usersRepo.byId(db, id))!;
  }
  const userId = user.id;
  const reason = password ? 'command line: account created' : 'command line';
  await withTransaction(db, (trx) => changeRole(trx, null, userId, role, reason));
  return { userId, password };
}
