import { generateSync } from 'otplib';
import type { StaffRole, StaffSignIn } from '@swapstuff/contracts';
import type { Knex } from '@swapstuff/db';
import { addFromCommandLine } from '../src/api/staff';
import { call } from './harness';
import { registerUser, USER_PASSWORD } from './listings';

const STEP_SECONDS = 30;
const stepNow = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);

/** The code an authenticator app shows for `secret` in a time step. */
export const codeAt = (secret: string, step: number) => generateSync({ secret, epoch: step * STEP_SECONDS });

export interface StaffMember {
  id: number;
  email: string;
  role: StaffRole;
  /** a staff sign-in with its second factor */
  token: string;
  /** the authenticator's secret, as the app was given it */
  secret: string;
  recoveryCodes: string[];
}

/**
 * A code the api has not taken yet, without waiting for the clock: the current step's, or the next step's when
 * the current one was taken (the api allows one step of drift). Past that, the test forgets the step the last code
 * took, a test's arrangement, since the refusal of a used code has tests of its own (staff.int.test.ts).
 */
export async function freshCode(db: Knex, staff: Pick<StaffMember, 'id' | 'secret'>): Promise<string> {
  const { last_step } = await db('staff_factors').where({ user_id: staff.id }).first('last_step');
  const now = stepNow();
  if (Number(last_step) < now) return codeAt(staff.secret, now);
  if (Number(last_step) === now) return codeAt(staff.secret, now + 1);
  await db('staff_factors')
    .where({ user_id: staff.id })
    .update({ last_step: now - 1 });
  return codeAt(staff.secret, now);
}

/** Staff sign-in's first step: the answer's status and content. */
export async function staffSignIn(apiUrl: string, email: string, password = USER_PASSWORD) {
  const answer = await call<StaffSignIn>(apiUrl, 'POST', '/api/admin/login', { body: { email, password } });
  return answer;
}

/**
 * A member made staff by the command line (as the first admin is), signed in to the console: password, then the
 * authenticator set up with its first code.
 */
export async function staffMember(
  api: { url: string; db: Knex },
  username: string,
  role: StaffRole,
): Promise<StaffMember> {
  await registerUser(api, username);
  const email = `${username}@example.com`;
  const { userId: id } = await addFromCommandLine(api.db, email, role);
  const signedIn = await staffSignIn(api.url, email);
  if (signedIn.status !== 200) throw new Error(`staff sign-in of ${username}: ${signedIn.status}`);
  const { token, enrolment } = signedIn.body.Content;
  const secret = enrolment!.secret;
  const enrolled = await call<{ recovery_codes: string[] }>(api.url, 'POST', '/api/admin/factor/enrol', {
    token,
    body: { code: await freshCode(api.db, { id, secret }) },
  });
  if (enrolled.status !== 200)
    throw new Error(`enrolment of ${username}: ${enrolled.status} ${enrolled.body.Description}`);
  return { id, email, role, token: token!, secret, recoveryCodes: enrolled.body.Content.recovery_codes };
}
