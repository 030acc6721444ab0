import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { test, expect, type Browser, type Page } from '@playwright/test';
import { staffMessages } from '@swapstuff/contracts';
import { seriousViolations } from '../support/axe';
import { freshCode, makeStaff, newStaffAccount } from '../support/staff';
import { newUser, registerViaApi } from '../support/users';
import { baseURL } from '../servers';

/**
 * Issue 34, the console's first screens: an admin, made by `npm run staff`, signs in at /support and sets up
 * an authenticator app from the secret the page shows; adds a member as support with a current code; the agent
 * signs in on a phone and sets up theirs; the admin's audit trail lists both grants, and its CSV too.
 */

async function browse(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport });
  return context.newPage();
}

/**
 * The first staff sign-in at /support, as a person makes it: e-mail and password, the authenticator app set up
 * from the key the page shows (the code computed here, as the app would), the recovery codes saved. Answers the
 * key, for the codes of later confirmations.
 */
async function firstSignIn(page: Page, email: string, password: string): Promise<string> {
  await page.goto('/support');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password').fill(password);
  await main.getByRole('button', { name: 'Sign in' }).click();

  await expect(main.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible();
  await expect(main.getByText(staffMessages.enrolFirst)).toBeVisible();
  await expect(main.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  // the page shows the key in groups of four, for typing
  const shown = await main.locator('code').textContent();
  expect(shown).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  const secret = shown!.replace(/ /g, '');
  expect(await seriousViolations(page)).toEqual([]);
  await main.getByLabel('Code from your authenticator app').fill(await freshCode(secret));
  await main.getByRole('button', { name: 'Confirm' }).click();

  await expect(main.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await expect(main.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  const proceed = main.getByRole('button', { name: 'Continue to the console' });
  await expect(proceed).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await main.getByRole('checkbox', { name: 'I have saved my recovery codes somewhere safe' }).check();
  await proceed.click();

  await expect(main.getByRole('heading', { level: 1, name: 'Support console' })).toBeVisible();
  // the browser's session is theirs: the header shows them signed in
  await expect(page.getByRole('button', { name: 'Upload Product' })).toBeVisible();
  return secret;
}

test('an admin made by the command sets up the console, adds a member as support, and the audit trail shows both grants', async ({
  browser,
  request,
}) => {
  // two people through the sign-in's three screens (axe on two of them), the staff page, the audit trail and its
  // CSV: about 22 s on two busy cores beside another journey, so about 55 s on one core of a slow machine
  test.setTimeout(180_000);
  const run = randomBytes(3).toString('hex');
  const adminEmail = `admin.${run}@example.com`;
  const { userId: adminId, password } = newStaffAccount(await makeStaff(adminEmail, 'admin'));
  const reason = `Joins the support team ${run}`;

  const admin = await browse(browser, { width: 1280, height: 900 });
  const adminSecret = await firstSignIn(admin, adminEmail, password);
  const adminNav = admin.getByRole('navigation', { name: 'Support console' });

  // a member who signed up as anyone does is added as support, with a code of this moment
  const agent = newUser();
  await registerViaApi(request, agent);
  await adminNav.getByRole('link', { name: 'Staff' }).click();
  await expect(admin).toHaveURL(/\/support\/staff$/);
  await admin.getByRole('button', { name: 'Add staff' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add staff' });
  await dialog.getByLabel('Email of their Swapstuff account').fill(agent.email);
  await dialog.getByLabel('Reason (kept in the audit trail)').fill(reason);
  await dialog.getByLabel('Current code from your authenticator app').fill(await freshCode(adminSecret));
  await dialog.getByRole('button', { name: 'Add staff' }).click();
  await expect(admin.getByText(staffMessages.roleGranted)).toBeVisible();
  await expect(dialog).toBeHidden();
  const agentRow = admin.getByRole('row').filter({ hasText: agent.email });
  await expect(agentRow).toContainText('Support');
  await expect(agentRow).toContainText('Not yet');

  // the agent signs in on a phone, sets up their app, and finds the staff page is an admin's
  const phone = await browse(browser, { width: 360, height: 780 });
  await firstSignIn(phone, agent.email, agent.password);
  const agentConsole = phone.getByRole('navigation', { name: 'Support console' });
  await expect(agentConsole.getByRole('link')).toHaveText(['Overview', 'Audit trail']);
  await phone.goto('/support/staff');
  await expect(phone.getByText(staffMessages.adminOnly)).toBeVisible();

  // the admin's audit trail: the command line's grant of the admin, the console's grant of the agent
  await admin.reload();
  await expect(agentRow).toContainText('Set up');
  await adminNav.getByRole('link', { name: 'Audit trail' }).click();
  await admin.getByLabel('Kind').fill('role.grant');
  await admin.getByRole('button', { name: 'Filter' }).click();
  await expect(admin).toHaveURL(/\/support\/audit\?kind=role\.grant$/);
  // the grant rows by their kind as well: once in CI the admin's own enrolment (kind staff.enrol, the same target)
  // showed beside them after the filter was applied, its cause not found (a 2 s slower answer did not bring it back)
  const grants = admin.getByRole('row').filter({ hasText: 'role.grant' });
  const byCommand = grants.filter({ hasText: `user ${adminId}` });
  await expect(byCommand).toContainText('command line');
  await expect(byCommand).toContainText('role: user → role: admin');
  const byConsole = grants.filter({ hasText: reason });
  await expect(byConsole).toContainText(adminEmail);
  await expect(byConsole).toContainText('role: user → role: support');

  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^swapstuff-audit-\d{4}-\d\d-\d\d\.csv$/);
  const lines = readFileSync(await download.path(), 'utf8').split('\r\n');
  expect(lines[0]).toBe('id,created_at,staff,kind,target_type,target_id,before,after,reason,ip');
  expect(lines.slice(1).every((line) => line === '' || line.includes(',role.grant,'))).toBe(true);
  expect(lines).toContainEqual(expect.stringContaining(`,command line,role.grant,user,${adminId},`));
  expect(lines.find((line) => line.includes(`,${adminEmail},role.grant,user,`))).toContain(reason);

  await admin.context().close();
  await phone.context().close();
});
