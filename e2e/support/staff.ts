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

/**
 * A staff sign-in in the page's browser session, through the gateway as the console makes it: e-mail and password,
 * then the authenticator app set up with its first code, computed here from the secret the api showed (as the
 * app would). Answers the secret, for the codes of later confirmations.
 */
export async function staffSignIn(page: Page, user: TestUser): Promise<string> {
  const signIn = await page.request.post('/api/admin/login', {
    headers: await xsrfHeaders(page),
    data: { email: user.email, password: user.password },
  });
  expect(signIn.status()).toBe(200);
  const { enrolment } = ((await signIn.json()) as { Content: StaffSignIn }).Content;
  const enrolled = await page.request.post('/api/admin/factor/enrol', {
    headers: await xsrfHeaders(page),
    data: { code: generateSync({ secret: enrolment!.secret }) },
  });
  expect(enrolled.status()).toBe(200);
  return enrolment!.secret;
}
