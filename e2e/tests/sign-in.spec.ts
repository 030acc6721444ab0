import { test, expect, type Page, type Request } from '@playwright/test';
import { createConnection } from 'mysql2/promise';
import { newUser, registerViaApi } from '../support/users';
import { apiURL, mariadbDatabase } from '../servers';

async function persistedStore(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('swapstuff-session'));
}

test('a failed sign-in shows the Login Failed dialog with the server description', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Login Failed');
  await expect(dialog).toContainText('Invalid email or password');
});

test('sign in from the popup; the browser never holds the bearer token', async ({ page, request }) => {
  const user = newUser();
  await registerViaApi(request, user);
  const bodies: string[] = [];
  page.on('response', async (res) => {
    if (res.url().includes('/api/')) bodies.push(await res.text().catch(() => ''));
  });

  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  const popup = page.getByRole('dialog');
  await popup.getByLabel('Email').fill(user.email);
  await popup.getByLabel('Password').fill(user.password);
  // the popup's sign-in reloads the page (spec section 4): read it once the new page has loaded
  const reloaded = page.waitForEvent('load');
  await popup.getByRole('button', { name: 'Sign In' }).click();
  await reloaded;
  await expect(page.getByRole('button', { name: 'Upload Product' })).toBeVisible();
  // the popup is gone with the old page
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const cookies = await page.context().cookies();
  const sid = cookies.find((c) => c.name === 'sid');
  expect(sid?.httpOnly).toBe(true);
  expect(sid?.sameSite).toBe('Lax');
  const visibleToScripts = await page.evaluate(
    () => document.cookie + JSON.stringify(localStorage) + JSON.stringify(sessionStorage),
  );
  expect(visibleToScripts).not.toMatch(/"token":"[^"]+"/);
  expect(bodies.join('\n')).not.toMatch(/"token"\s*:\s*"[^"]+"/);
});

test('a visitor opening /notification signs in and comes back', async ({ page, request }) => {
  const user = newUser();
  await registerViaApi(request, user);
  await page.goto('/notification');
  await expect(page).toHaveURL(/\/login\?callbackUrl=\/notification$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/notification$/);
  // the page itself, not only its address: the remote that owns it has loaded for the signed-in user (and
  // the test does not end with its files in flight: Chromium now and then hangs closing a context then)
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No notifications yet' })).toBeVisible();
});

test('logout lands on /login and clears the persisted store', async ({ page, request }) => {
  const user = newUser();
  await registerViaApi(request, user);
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('button', { name: 'Upload Product' })).toBeVisible();
  expect(await persistedStore(page)).toContain(user.email);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  const stored = await persistedStore(page);
  expect(stored ?? '').not.toContain(user.email);
  const status = await page.evaluate(async () => (await fetch('/api/userdetail')).status);
  expect(status).toBe(401);
});

/**
 * What each page shows once its own calls have been answered (home's categories, the seller's empty list),
 * and where a revoked session's next load of it lands.
 */
const revokedOn = [
  { page_: '/', shown: (page: Page) => page.getByRole('link', { name: 'Electronics' }).first(), landing: /\/login$/ },
  {
    page_: '/my-listings',
    shown: (page: Page) => page.getByText('You have not listed anything yet.'),
    landing: /\/login\?callbackUrl=\/my-listings$/,
  },
];

for (const { page_, shown, landing } of revokedOn) {
  test(`a session revoked elsewhere (401 "407") ends in the browser on ${page_}, to come back`, async ({
    page,
    request,
  }) => {
    const user = newUser();
    await registerViaApi(request, user);
    // the page's own calls answered first: one still in flight when the password changes gets the "407",
    // and the reload below would then leave the page that was about to go to /login (a visitor on / after).
    // A quiet network is no such signal on a slow machine: the session's summary can start after it.
    const unanswered = new Set<Request>();
    page.on('request', (call) => void (call.url().includes('/api/') && unanswered.add(call)));
    page.on('requestfinished', (call) => void unanswered.delete(call));
    page.on('requestfailed', (call) => void unanswered.delete(call));
    const summaryRead = page.waitForResponse(
      (res) => res.url().endsWith('/api/user/notifications') && res.request().method() === 'POST',
    );
    await page.goto(`/login?callbackUrl=${page_}`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('button', { name: 'Upload Product' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${page_}$`));
    expect((await summaryRead).status()).toBe(200);
    await expect(shown(page)).toBeVisible();
    await expect.poll(() => unanswered.size).toBe(0);

    // a call of the page's own may be answered "407" before the reload (its live channel reconnects when the
    // server drops it, and the page reads again): the page then ends the session and leaves for /login itself,
    // and the reload may cut that short, ending on the page as a visitor (once in CI)
    let answered407 = false;
    page.on('response', (res) => void (res.status() === 401 && res.url().includes('/api/') && (answered407 = true)));
    // the same user, on a phone: signs in at the api with a bearer token and changes the password,
    // which revokes every other token, the browser's among them
    const signIn = await (await request.post(`${apiURL}/api/user/signin`, { data: user })).json();
    const token = signIn.Content.token as string;
    const changed = await request.post(`${apiURL}/api/change/password`, {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        currentPassword: user.password,
        newPassword: `${user.password}-2`,
        confirmPassword: `${user.password}-2`,
      },
    });
    expect(changed.status()).toBe(200);

    const endedByItself = answered407;
    await page.reload();
    await expect(page).toHaveURL(endedByItself ? new RegExp(`${landing.source}|${page_}$`) : landing);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect((await persistedStore(page)) ?? '').not.toContain(user.email);
  });
}

test('the header counts the user’s unread notifications, and counts again when the window gains focus', async ({
  page,
  request,
}) => {
  const user = newUser();
  await registerViaApi(request, user);
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();

  // two notifications arrive (the chat and notifications issue writes them; here the database does)
  const db = await createConnection({ host: '127.0.0.1', user: 'root', database: mariadbDatabase });
  try {
    await db.query(
      `INSERT INTO notifications (user_id, kind, title, body, created_at)
       SELECT id, 'test', 'An offer', 'Someone made an offer', NOW(3) FROM users WHERE email = ? UNION ALL
       SELECT id, 'test', 'A question', 'Someone asked', NOW(3) FROM users WHERE email = ?`,
      [user.email, user.email],
    );
  } finally {
    await db.end();
  }
  await page.clock.install();
  await page.clock.fastForward(20_000);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.getByRole('link', { name: 'Notifications, 2 unread' })).toBeVisible();
});
