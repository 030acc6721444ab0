import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import type { StaffRole, StaffSignIn } from '@swapstuff/contracts';
import { DATABASE_URL } from '../servers';
import { xsrfHeaders, type TestUser } from './users';

const STAFF_CLI = path.resolve(__dirname, '../../bff/dist/api/staff/cli.js');

/** `npm run staff -- add <email> --role <role>` on the journeys' database: how staff is made (there is no default). */
export async function makeStaff(email: string, role: StaffRole): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [STAFF_CLI, 'add', email, '--role', role], {
    env: { ...process.env, DATABASE_URL },
  });
  return stdout;
}

/** What the command printed for an account it made: its user id, and its password, shown that once. */
export function newStaffAccount(stdout: string): { userId: number; password: string } {
  const userId = /\(user (\d+)\)/.exec(stdout)?.[1];
  const password = /Its password, shown this once: (\S+)/.exec(stdout)?.[1];
  if (!userId || !password) throw new Error(`the staff command made no new account:\n${stdout}`);
  return { userId: Number(userId), password };
}

const STEP_SECONDS = 30;
/** The time step of the last code used here for each secret. */
const lastStepUsed = new Map<string, number>();

/**
 * A code of the authenticator that the api has not taken yet. The api takes a code once, and then only codes of
 * later time steps, with one step of drift allowed: this step's code, or the next step's when this one's was
 * used; past that, it waits until the step it needs is the next one.
 */
export async function freshCode(secret: string): Promise<string> {
  const stepNow = Math.floor(Date.now() / 1000 / STEP_SECONDS);
  const step = Math.max(stepNow, (lastStepUsed.get(secret) ?? 0) + 1);
  const wait = (step - 1) * STEP_SECONDS * 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  lastStepUsed.set(secret, step);
  return generateSync({ secret, epoch: step * STEP_SECONDS });
}

/**
 * A staff sign-in in the page's browser session (a visitor's, or a member's whose sign-in it replaces), through the
 * gateway as the console makes it: e-mail and password, then the authenticator app set up with its first code,
 * computed here from the secret the api showed (as the app would). Answers the secret, for the codes of later
 * confirmations.
 */
export async function staffSignIn(page: Page, user: TestUser): Promise<string> {
  // a visitor's browser has no session, and so no XSRF cookie to echo (nor needs one)
  const visitor = !(await page.context().cookies()).some((cookie) => cookie.name === 'XSRF-TOKEN');
  const signIn = await page.request.post('/api/admin/login', {
    headers: visitor ? {} : await xsrfHeaders(page),
    data: { email: user.email, password: user.password },
  });
  expect(signIn.status()).toBe(200);
  const { enrolment } = ((await signIn.json()) as { Content: StaffSignIn }).Content;
  const enrolled = await page.request.post('/api/admin/factor/enrol', {
    headers: await xsrfHeaders(page),
    data: { code: await freshCode(enrolment!.secret) },
  });
  expect(enrolled.status()).toBe(200);
  return enrolment!.secret;
}
