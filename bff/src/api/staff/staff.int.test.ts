import { generateSync } from 'otplib';
import { endpoints, messages, staffMessages, type AnyEndpoint, type StaffProfile } from '@swapstuff/contracts';
import { call, startTestApi, type TestApi } from '../../../test/harness';
import { registerUser, USER_PASSWORD } from '../../../test/listings';
import { codeAt, freshCode, staffMember, staffSignIn, type StaffMember } from '../../../test/staff';
import { addFromCommandLine } from '.';

let api: TestApi;
let admin: StaffMember;
let agent: StaffMember;

beforeAll(async () => {
  api = await startTestApi();
  admin = await staffMember(api, 'ada_admin', 'admin');
  agent = await staffMember(api, 'sue_agent', 'support');
});
afterAll(() => api.close());

const stepNow = () => Math.floor(Date.now() / 30_000);
const profile = (token: string | undefined) =>
  call<{ profile: StaffProfile }>(api.url, 'GET', '/api/admit/profile', { token });

describe('the command line makes staff (there is no default admin)', () => {
  test('an e-mail without an account gets one, whose password is given once and opens a staff sign-in', async () => {
    const { userId, password } = await addFromCommandLine(api.db, 'first.admin@example.com', 'admin');
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const signedIn = await staffSignIn(api.url, 'first.admin@example.com', password);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.Content).toMatchObject({ role: 'admin', user: { id: userId, role: 'admin' } });
    // the grant is in the audit trail, as the command line's
    const event = await api
      .db('audit_events')
      .where({ target_id: String(userId), kind: 'role.grant' })
      .first();
    expect(event).toMatchObject({ staff_id: null, reason: 'command line: account created' });
    expect(JSON.parse(event.after)).toEqual({ role: 'admin' });
  });

  test('an existing account keeps its password', async () => {
    await registerUser(api, 'kim_member');
    const { password } = await addFromCommandLine(api.db, 'kim_member@example.com', 'support');
    expect(password).toBeUndefined();
    expect((await staffSignIn(api.url, 'kim_member@example.com', USER_PASSWORD)).status).toBe(200);
  });
});

describe('staff sign-in: a password, then the authenticator', () => {
  test('a member who is not staff is told what a wrong password is told', async () => {
    await registerUser(api, 'mo_member');
    const notStaff = await staffSignIn(api.url, 'mo_member@example.com');
    const wrong = await staffSignIn(api.url, 'sue_agent@example.com', 'not-the-password');
    expect(notStaff.status).toBe(401);
    expect(notStaff.body.Description).toBe('Invalid email or password');
    expect({ status: wrong.status, description: wrong.body.Description }).toEqual({
      status: notStaff.status,
      description: notStaff.body.Description,
    });
  });

  test('the first sign-in sets up the authenticator (QR code, secret) and opens nothing until its first code', async () => {
    await registerUser(api, 'nat_new');
    const { userId } = await addFromCommandLine(api.db, 'nat_new@example.com', 'support');
    const signedIn = await staffSignIn(api.url, 'nat_new@example.com');
    expect(signedIn.body.Description).toBe(staffMessages.enrolFirst);
    const { token, enrolment } = signedIn.body.Content;
    expect(enrolment!.uri).toMatch(
      /^otpauth:\/\/totp\/Swapstuff:nat_new%40example\.com\?secret=[A-Z2-7]+&issuer=Swapstuff/,
    );
    expect(enrolment!.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(enrolment!.qr.split(',')[1], 'base64').toString()).toContain('<svg');
    // the secret is kept sealed, not as the app was given it
    const stored = await api.db('staff_factors').where({ user_id: userId }).first();
    expect(stored.secret).not.toContain(enrolment!.secret);

    expect((await profile(token)).status).toBe(404);
    const wrong = await call(api.url, 'POST', '/api/admin/factor/enrol', { token, body: { code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.Description).toBe(staffMessages.codeWrong);
    const code = await freshCode(api.db, { id: userId, secret: enrolment!.secret });
    const enrolled = await call<{ recovery_codes: string[] }>(api.url, 'POST', '/api/admin/factor/enrol', {
      token,
      body: { code },
    });
    expect(enrolled.status).toBe(200);
    expect(enrolled.body.Content.recovery_codes).toHaveLength(10);
    expect(new Set(enrolled.body.Content.recovery_codes).size).toBe(10);
    const opened = await profile(token);
    expect(opened.status).toBe(200);
    expect(opened.body.Content.profile).toMatchObject({ role: 'support', recovery_codes_left: 10 });
  });

  test('the next sign-in asks for a code; a code already taken is refused, as is a wrong one', async () => {
    const signedIn = await staffSignIn(api.url, agent.email);
    expect(signedIn.body).toMatchObject({ Description: staffMessages.signedIn, Content: { enrolment: null } });
    const { token } = signedIn.body.Content;
    const code = await freshCode(api.db, agent);
    const verify = (body: object) => call(api.url, 'POST', '/api/admin/factor/verify', { token, body });
    expect((await verify({ code })).status).toBe(200);
    expect((await profile(token)).status).toBe(200);

    const again = await staffSignIn(api.url, agent.email);
    const reused = await call(api.url, 'POST', '/api/admin/factor/verify', {
      token: again.body.Content.token,
      body: { code },
    });
    expect(reused.status).toBe(400);
    expect(reused.body.Description).toBe(staffMessages.codeUsed);
    // a code of an hour ago
    const expired = codeAt(agent.secret, stepNow() - 120);
    const old = await call(api.url, 'POST', '/api/admin/factor/verify', {
      token: again.body.Content.token,
      body: { code: expired },
    });
    expect(old.body.Description).toBe(staffMessages.codeWrong);
    expect((await profile(again.body.Content.token)).status).toBe(404);
  });

  test('one code sent by 8 sign-ins at once opens one of them', async () => {
    // 8 sign-ins: the account's limit is 10 a minute
    const signIns = await Promise.all(Array.from({ length: 8 }, () => staffSignIn(api.url, admin.email)));
    const code = await freshCode(api.db, admin);
    await api.db('rate_limits').delete();
    const answers = await Promise.all(
      signIns.map((signedIn) =>
        call(api.url, 'POST', '/api/admin/factor/verify', { token: signedIn.body.Content.token, body: { code } }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    // the others: the code used, or (past the fifth try) too many tries
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body.Description)).toEqual(
      Array(7).fill(expect.stringMatching(/^(That code has been used already|Too many codes tried)/)),
    );
    await api.db('rate_limits').delete();
  });

  test('codes are rate limited: 5 tries in 15 minutes, counted before they are checked', async () => {
    await registerUser(api, 'ray_limited');
    await addFromCommandLine(api.db, 'ray_limited@example.com', 'support');
    const { token } = (await staffSignIn(api.url, 'ray_limited@example.com')).body.Content;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        call(api.url, 'POST', '/api/admin/factor/enrol', { token, body: { code: '123456' } }),
      ),
    );
    const limited = answers.filter((answer) => answer.status === 429);
    expect(limited).toHaveLength(7);
    expect(limited[0].body.Description).toBe(staffMessages.tooManyCodes);
    expect(limited[0].headers.get('retry-after')).toMatch(/^\d+$/);
  });

  test('a recovery code opens one sign-in, once', async () => {
    const [recovery] = agent.recoveryCodes;
    const first = (await staffSignIn(api.url, agent.email)).body.Content.token;
    const second = (await staffSignIn(api.url, agent.email)).body.Content.token;
    const use = (token: string | undefined) =>
      call(api.url, 'POST', '/api/admin/factor/verify', { token, body: { recoveryCode: recovery.toUpperCase() } });
    expect((await use(first)).status).toBe(200);
    const again = await use(second);
    expect(again.status).toBe(400);
    expect(again.body.Description).toBe(staffMessages.recoveryCodeWrong);
    expect((await profile(first)).body.Content.profile.recovery_codes_left).toBe(9);
  });
});

describe('who the staff endpoints answer', () => {
  const staffEndpoints = (Object.entries(endpoints) as [string, AnyEndpoint][]).filter(
    ([, endpoint]) => endpoint.auth === 'support' || endpoint.auth === 'admin',
  );
  /** The endpoint called with an empty input: its status, and its Description when it answered in the envelope. */
  async function hit(endpoint: AnyEndpoint, token?: string) {
    const res = await fetch(`${api.url}${endpoint.path.replace(/:\w+/g, '1')}`, {
      method: endpoint.method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(endpoint.method === 'GET' ? {} : { 'Content-Type': 'application/json' }),
      },
      body: endpoint.method === 'GET' ? undefined : '{}',
    });
    const text = await res.text();
    const envelope = res.headers.get('content-type')?.startsWith('application/json');
    return {
      status: res.status,
      body: { Description: envelope ? (JSON.parse(text) as { Description: string }).Description : '' },
    };
  }

  test('there are staff endpoints of both kinds to check', () => {
    expect(staffEndpoints.filter(([, e]) => e.auth === 'admin').length).toBeGreaterThan(2);
    expect(staffEndpoints.filter(([, e]) => e.auth === 'support').length).toBeGreaterThan(2);
  });

  test('visitors, members, apps, and staff without their second factor: 404, as if nothing were there', async () => {
    const member = await registerUser(api, 'mia_member');
    const staffOnTheMarketplace = await call<{ token: string }>(api.url, 'POST', '/api/user/signin', {
      body: { email: admin.email, password: USER_PASSWORD },
    });
    const staffFromTheWeb = await call<{ token: string }>(api.url, 'POST', '/api/user/signin', {
      body: { email: admin.email, password: USER_PASSWORD },
      headers: { isWeb: '1' },
    });
    const withoutSecondFactor = (await staffSignIn(api.url, admin.email)).body.Content.token;
    const callers: Record<string, string | undefined> = {
      visitor: undefined,
      member,
      'an app token of a staff member': staffOnTheMarketplace.body.Content.token,
      'a web token of a staff member': staffFromTheWeb.body.Content.token,
      'a staff sign-in without its second factor': withoutSecondFactor,
      'a made-up token': 'x'.repeat(43),
    };
    for (const [who, token] of Object.entries(callers)) {
      for (const [name, endpoint] of staffEndpoints) {
        const answer = await hit(endpoint, token);
        expect({ who, name, status: answer.status, description: answer.body.Description }).toEqual({
          who,
          name,
          status: 404,
          description: messages.notFound,
        });
      }
    }
  });

  /** How the session check turned the caller away, or 'let in' (whatever the endpoint then said of the input). */
  const verdict = ({ status, body }: { status: number; body: { Description: string } }) =>
    status === 404 && body.Description === messages.notFound
      ? 'not there'
      : status === 403 && body.Description === staffMessages.adminOnly
        ? 'admins only'
        : status === 401
          ? 'signed out'
          : 'let in';

  test('support: its own endpoints, not the admin’s (403)', async () => {
    for (const [name, endpoint] of staffEndpoints) {
      const expected = endpoint.auth === 'admin' ? 'admins only' : 'let in';
      expect({ name, verdict: verdict(await hit(endpoint, agent.token)) }).toEqual({ name, verdict: expected });
    }
  });

  test('an admin: all of them', async () => {
    for (const [name, endpoint] of staffEndpoints) {
      expect({ name, verdict: verdict(await hit(endpoint, admin.token)) }).toEqual({ name, verdict: 'let in' });
    }
  });
});

describe('a staff sign-in is short', () => {
  test('30 minutes unused ends it; the marketplace’s sign-ins keep their 30 days', async () => {
    const staff = await staffMember(api, 'ivy_idle', 'support');
    const web = await call<{ token: string }>(api.url, 'POST', '/api/user/signin', {
      body: { email: staff.email, password: USER_PASSWORD },
      headers: { isWeb: '1' },
    });
    const idle = new Date(Date.now() - 31 * 60 * 1000);
    await api.db('auth_tokens').where({ user_id: staff.id }).update({ last_used_at: idle });
    expect((await profile(staff.token)).status).toBe(404);
    expect((await call(api.url, 'GET', '/api/userdetail', { token: web.body.Content.token })).status).toBe(200);
  });

  test('12 hours after it began it ends, however busy', async () => {
    const staff = await staffMember(api, 'bo_busy', 'support');
    expect((await profile(staff.token)).status).toBe(200);
    await api
      .db('auth_tokens')
      .where({ user_id: staff.id, kind: 'staff' })
      .update({ expires_at: new Date(Date.now() - 1) });
    expect((await profile(staff.token)).status).toBe(404);
  });
});

describe('roles: granted and taken away by an admin, after a current code', () => {
  const grant = (by: StaffMember, body: object) =>
    call(api.url, 'POST', '/api/admin/staff/grant', { token: by.token, body });

  test('without a current code, refused; with one, granted and in the audit trail', async () => {
    await registerUser(api, 'gus_granted');
    const none = await grant(admin, { email: 'gus_granted@example.com', role: 'support' });
    expect(none.status).toBe(403);
    expect(none.body.Description).toBe(staffMessages.freshCodeRequired);
    const granted = await grant(admin, {
      email: 'gus_granted@example.com',
      role: 'support',
      code: await freshCode(api.db, admin),
      reason: 'joins the Tuesday shift',
    });
    expect(granted.status).toBe(200);
    expect(granted.body.Description).toBe(staffMessages.roleGranted);
    const { id } = await api.db('users').where({ username: 'gus_granted' }).first('id');
    const events = await call<{
      events: { kind: string; staff_id: number; before: unknown; after: unknown; reason: string }[];
    }>(api.url, 'GET', `/api/admin/audit?targetType=user&targetId=${id}`, { token: agent.token });
    expect(events.body.Content.events[0]).toMatchObject({
      kind: 'role.grant',
      staff_id: admin.id,
      before: { role: 'user' },
      after: { role: 'support' },
      reason: 'joins the Tuesday shift',
    });
  });

  test('an unknown e-mail is named', async () => {
    const answer = await grant(admin, { email: 'nobody@example.com', role: 'support', code: '123456' });
    expect(answer.status).toBe(404);
    expect(answer.body.Description).toBe(staffMessages.noSuchUser);
  });

  test('a revoked role ends its staff sign-ins at once', async () => {
    const leaving = await staffMember(api, 'lee_leaving', 'support');
    expect((await profile(leaving.token)).status).toBe(200);
    const revoked = await call(api.url, 'POST', '/api/admin/staff/revoke', {
      token: admin.token,
      body: { userId: leaving.id, code: await freshCode(api.db, admin), reason: 'left the team' },
    });
    expect(revoked.status).toBe(200);
    expect((await profile(leaving.token)).status).toBe(404);
    expect((await staffSignIn(api.url, leaving.email)).status).toBe(401);
  });

  test('two admins removing each other at once leave one admin', async () => {
    const [one, two] = [await staffMember(api, 'al_one', 'admin'), await staffMember(api, 'al_two', 'admin')];
    // the others step down first, so that these two are the last
    const others = await api.db('staff_roles').where({ role: 'admin' }).whereNotIn('user_id', [one.id, two.id]);
    await api
      .db('staff_roles')
      .whereIn(
        'user_id',
        others.map((row: { user_id: number }) => row.user_id),
      )
      .update({ role: 'support' });
    try {
      const answers = await Promise.all([
        call(api.url, 'POST', '/api/admin/staff/revoke', {
          token: one.token,
          body: { userId: two.id, code: await freshCode(api.db, one) },
        }),
        call(api.url, 'POST', '/api/admin/staff/revoke', {
          token: two.token,
          body: { userId: one.id, code: await freshCode(api.db, two) },
        }),
      ]);
      // the other is refused: on the locked rows (409), or, when the first had already finished, because its own
      // sign-in ended with its role (404)
      const [won, lost] = [...answers].sort((a, b) => a.status - b.status);
      expect(won.status).toBe(200);
      expect([
        { status: 409, description: staffMessages.lastAdmin },
        { status: 404, description: messages.notFound },
      ]).toContainEqual({ status: lost.status, description: lost.body.Description });
      expect(await api.db('staff_roles').where({ role: 'admin' }).whereIn('user_id', [one.id, two.id])).toHaveLength(1);
    } finally {
      await api
        .db('staff_roles')
        .whereIn(
          'user_id',
          others.map((row: { user_id: number }) => row.user_id),
        )
        .update({ role: 'admin' });
    }
  });
});

describe('the audit trail', () => {
  test('refuses UPDATE and DELETE, whoever asks', async () => {
    const event = await api.db('audit_events').where({ kind: 'role.grant' }).first('id');
    const outcomes: Record<string, string> = {};
    for (const [what, statement] of Object.entries({
      update: api.db('audit_events').where({ id: event.id }).update({ reason: 'rewritten' }),
      delete: api.db('audit_events').where({ id: event.id }).delete(),
    })) {
      outcomes[what] = await statement.then(
        (changed: unknown) => `done (${JSON.stringify(changed)})`,
        (err: Error) => err.message,
      );
    }
    expect(outcomes).toEqual({
      update: expect.stringMatching(/audit_events is append-only/),
      delete: expect.stringMatching(/audit_events is append-only/),
    });
  });

  test('exports as CSV, a typed formula made harmless', async () => {
    await registerUser(api, 'cy_csv');
    await call(api.url, 'POST', '/api/admin/staff/grant', {
      token: admin.token,
      body: {
        email: 'cy_csv@example.com',
        role: 'support',
        code: await freshCode(api.db, admin),
        reason: '=HYPERLINK("x")',
      },
    });
    const res = await fetch(`${api.url}/api/admin/audit.csv?kind=role.grant`, {
      headers: { Authorization: `Bearer ${agent.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="?swapstuff-audit-\d{4}-\d{2}-\d{2}\.csv"?$/,
    );
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,created_at,staff,kind,target_type,target_id,before,after,reason,ip');
    expect(lines[1]).toContain(`,${admin.email},role.grant,user,`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    const grants = await api.db('audit_events').where({ kind: 'role.grant' }).count({ n: '*' });
    expect(lines).toHaveLength(Number(grants[0].n) + 1);
  });
});

test('an authenticator app’s code is RFC 6238’s (the library against the RFC’s SHA-1 test vector)', () => {
  // RFC 6238 appendix B: secret "12345678901234567890", T = 59 s → 94287082 (8 digits); 6 digits: 287082
  const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  expect(generateSync({ secret, epoch: 59 })).toBe('287082');
});
