/** @jest-environment jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { messages, staffMessages, type StaffProfile, type StaffSignIn } from '@swapstuff/contracts';
import { useSession } from '@swapstuff/sdk';
import { fakeFetch, ok, refused, TestQueryProvider, testUser, type FetchReply } from '@swapstuff/sdk/testing';
import { AuditPage } from './AuditPage';
import { SupportConsole } from './SupportConsole';

const server = fakeFetch();

const grace = testUser({ id: 12, email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper', role: 'admin' });
const profile: StaffProfile = { user: grace, role: 'admin', recovery_codes_left: 10 };
const enrolment = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  uri: 'otpauth://totp/Swapstuff:grace%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Swapstuff',
  qr: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const recoveryCodes = Array.from({ length: 10 }, (_, i) => `k7mq-2xhd-9ft${i}`);

/** The api's 400 with the field's error, as the staff service refuses a code. */
const fieldRefusal = (field: string, message: string): FetchReply => ({
  status: 400,
  body: { Success: false, Description: message, Content: { errors: { [field]: message } } },
});

beforeEach(() => useSession.getState().reset());

/** The console's frame around a page that says whom it is for; the profile answers 404 until signed in. */
function showConsole() {
  server.answer('GET /api/admit/profile', refused(404, messages.notFound), ok({ profile }));
  render(
    <MemoryRouter initialEntries={['/support']}>
      <SupportConsole>{(staff) => <p>Console of {staff.user.email}</p>}</SupportConsole>
    </MemoryRouter>,
    { wrapper: TestQueryProvider },
  );
  return userEvent.setup({ delay: null });
}

async function typeInto(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}

async function signInWithPassword(user: ReturnType<typeof userEvent.setup>, content: StaffSignIn, description: string) {
  server.answer('POST /api/admin/login', ok(content, description));
  await screen.findByRole('heading', { name: 'Staff sign-in' });
  await typeInto(user, 'Email', grace.email);
  await typeInto(user, 'Password', 'a long password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

const bodyOf = (path: string) => {
  const call = server.calls.filter((c) => `${c.init?.method ?? 'GET'} ${c.url}` === path).at(-1);
  return JSON.parse(String(call?.init?.body));
};

describe('the support console, for someone without a staff sign-in', () => {
  it('sets up the authenticator at the first sign-in, shows the recovery codes once, then opens', async () => {
    const user = showConsole();
    await signInWithPassword(user, { user: grace, role: 'admin', enrolment }, staffMessages.enrolFirst);
    expect(bodyOf('POST /api/admin/login')).toEqual({ email: grace.email, password: 'a long password' });
    // the browser's session is Grace's now: the header shows her signed in
    expect(useSession.getState().profile?.userEmail).toBe(grace.email);

    // the new step's heading takes the focus from the button that was pressed, for keyboards and screen readers
    const setUp = await screen.findByRole('heading', { name: 'Set up your authenticator app' });
    await waitFor(() => expect(document.activeElement).toBe(setUp));
    expect(screen.getByText(staffMessages.enrolFirst)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'QR code to scan with your authenticator app' }).getAttribute('src')).toBe(
      enrolment.qr,
    );
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'open the set-up in your authenticator app' }).getAttribute('href')).toBe(
      enrolment.uri,
    );

    server.answer('POST /api/admin/factor/enrol', ok({ recovery_codes: recoveryCodes }, staffMessages.enrolled));
    // copied from an app that shows "123 456": the space goes
    await typeInto(user, 'Code from your authenticator app', '123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    await screen.findByRole('heading', { name: 'Save your recovery codes' });
    expect(bodyOf('POST /api/admin/factor/enrol')).toEqual({ code: '123456' });
    expect(screen.getByText(staffMessages.enrolled)).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes);
    expect(screen.getByRole('link', { name: /Download codes/ }).getAttribute('download')).toBe(
      'swapstuff-recovery-codes.txt',
    );
    const proceed = screen.getByRole('button', { name: 'Continue to the console' });
    expect(proceed.hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'I have saved my recovery codes somewhere safe' }));
    await user.click(proceed);

    expect(await screen.findByText(`Console of ${grace.email}`)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Support console' })).toBeTruthy();
  });

  it('asks an enrolled staff member for a code, shows a wrong one under its field, and opens with the right one', async () => {
    const user = showConsole();
    await signInWithPassword(user, { user: grace, role: 'admin', enrolment: null }, staffMessages.signedIn);
    expect(await screen.findByText(staffMessages.signedIn)).toBeTruthy();

    server.answer(
      'POST /api/admin/factor/verify',
      fieldRefusal('code', staffMessages.codeWrong),
      ok(null, staffMessages.verified),
    );
    await typeInto(user, 'Code from your authenticator app', '111111');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(staffMessages.codeWrong)).toBeTruthy();
    const field = screen.getByLabelText('Code from your authenticator app') as HTMLInputElement;
    expect(field.getAttribute('aria-invalid')).toBe('true');

    await user.clear(field);
    await user.paste('222222');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(`Console of ${grace.email}`)).toBeTruthy();
    expect(bodyOf('POST /api/admin/factor/verify')).toEqual({ code: '222222' });
  });

  it('takes a recovery code instead, and says so when too many codes were tried', async () => {
    const user = showConsole();
    await signInWithPassword(user, { user: grace, role: 'admin', enrolment: null }, staffMessages.signedIn);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));

    server.answer('POST /api/admin/factor/verify', refused(429, staffMessages.tooManyCodes), ok(null));
    await typeInto(user, 'Recovery code', 'k7mq-2xhd-9ft3');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain(staffMessages.tooManyCodes);
    expect(bodyOf('POST /api/admin/factor/verify')).toEqual({ recoveryCode: 'k7mq-2xhd-9ft3' });

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(`Console of ${grace.email}`)).toBeTruthy();
  });

  it('starts again, saying why, when the sign-in ended before its code (404)', async () => {
    const user = showConsole();
    await signInWithPassword(user, { user: grace, role: 'admin', enrolment }, staffMessages.enrolFirst);
    server.answer('POST /api/admin/factor/enrol', refused(404, messages.notFound));
    await screen.findByRole('heading', { name: 'Set up your authenticator app' });
    await typeInto(user, 'Code from your authenticator app', '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your sign-in ended before it was finished. Sign in again.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Staff sign-in' })).toBeTruthy();
  });

  it('checks the code before sending it, in the words of contracts', async () => {
    const user = showConsole();
    await signInWithPassword(user, { user: grace, role: 'admin', enrolment: null }, staffMessages.signedIn);
    await typeInto(user, 'Code from your authenticator app', '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(staffMessages.codeRequired)).toBeTruthy();
    expect(server.calls.some((c) => c.url === '/api/admin/factor/verify')).toBe(false);
  });

  it('shows a refused password as the sign-in’s message', async () => {
    server.answer('POST /api/admin/login', refused(401, messages.invalidCredentials));
    const user = showConsole();
    await screen.findByRole('heading', { name: 'Staff sign-in' });
    await typeInto(user, 'Email', grace.email);
    await typeInto(user, 'Password', 'not it');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain(messages.invalidCredentials);
    expect(useSession.getState().profile).toBeNull();
  });
});

describe('the support console, for staff signed in', () => {
  it.each([
    ['admin', ['Overview', 'Staff', 'Audit trail']],
    ['support', ['Overview', 'Audit trail']],
  ] as const)('shows a member of %s its nav', async (role, sections) => {
    server.answer('GET /api/admit/profile', ok({ profile: { ...profile, role } }));
    render(
      <MemoryRouter initialEntries={['/support']}>
        <SupportConsole>{() => <p>Overview</p>}</SupportConsole>
      </MemoryRouter>,
      { wrapper: TestQueryProvider },
    );
    const nav = await screen.findByRole('navigation', { name: 'Support console' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(sections);
    expect(within(nav).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the staff sign-in again once a page’s call finds the sign-in ended (404)', async () => {
    server.answer('GET /api/admit/profile', ok({ profile }), refused(404, messages.notFound));
    server.answer('GET /api/admin/audit?pageNumber=1&perPage=20', refused(404, messages.notFound));
    render(
      <MemoryRouter initialEntries={['/support/audit']}>
        <SupportConsole>{() => <AuditPage />}</SupportConsole>
      </MemoryRouter>,
      { wrapper: TestQueryProvider },
    );
    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Support console' })).toBeNull();
  });
});
