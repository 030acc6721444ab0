import type { APIRequestContext, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';

export interface TestUser {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  password: string;
}

/** A user no other test (or earlier run) has: journeys share one database. */
export function newUser(): TestUser {
  const id = randomBytes(4).toString('hex');
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    username: `ada_${id}`,
    email: `ada.${id}@example.com`,
    password: `secret-${id}`,
  };
}

/** Registers through the public api, the way a mobile app would; the browser context stays signed out. */
export async function registerViaApi(request: APIRequestContext, user: TestUser): Promise<void> {
  const res = await request.post('/api/register', {
    data: { ...user, confirmPassword: user.password, agreeToTerms: true },
  });
  if (res.status() !== 201) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
}

/**
 * The headers a signed-in page's own script sends with a change (the gateway refuses a cookie-authenticated
 * POST without its X-XSRF-TOKEN): for a journey that asks the api directly, as the signed-in user.
 */
export async function xsrfHeaders(page: Page): Promise<Record<string, string>> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('no XSRF-TOKEN cookie: is the page signed in?');
  return { 'X-XSRF-TOKEN': decodeURIComponent(cookie.value) };
}
