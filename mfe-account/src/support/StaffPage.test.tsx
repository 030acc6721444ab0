/** @jest-environment jsdom */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { staffMessages, type StaffMember, type StaffProfile } from '@swapstuff/contracts';
import { fakeFetch, ok, recordToasts, TestQueryProvider, testUser } from '@swapstuff/sdk/testing';
import { StaffPage } from './StaffPage';

const server = fakeFetch();
const toasts = recordToasts();

const admin: StaffProfile = { user: testUser({ id: 1, role: 'admin' }), role: 'admin', recovery_codes_left: 10 };
const grace: StaffMember = {
  user_id: 1,
  email: 'grace@example.com',
  name: 'Grace Hopper',
  role: 'admin',
  granted_at: '2026-11-20T10:00:00.000Z',
  enrolled: true,
};
const alan: StaffMember = { ...grace, user_id: 2, email: 'alan@example.com', name: 'Alan Turing', role: 'support' };

function show(profile = admin) {
  render(
    <MemoryRouter>
      <StaffPage profile={profile} />
    </MemoryRouter>,
    { wrapper: TestQueryProvider },
  );
  return userEvent.setup({ delay: null });
}

async function typeInto(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const sent = (path: string) =>
  server.calls
    .filter((c) => `${c.init?.method ?? 'GET'} ${c.url}` === path)
    .map((c) => JSON.parse(String(c.init?.body)));

describe('/support/staff', () => {
  it('lists the staff with their role, authenticator and date', async () => {
    server.answer('GET /api/admin/staff', ok({ staff: [grace, { ...alan, enrolled: false }] }));
    show();
    await screen.findByText('Grace Hopper');
    const rows = screen.getAllByRole('row');
    // a member's name over their e-mail, then role, authenticator and the date the role was granted
    const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent);
    expect(rows.slice(1).map(cells)).toEqual([
      ['Grace Hoppergrace@example.com', 'Admin', 'Set up', expect.stringMatching(/2026/)],
      ['Alan Turingalan@example.com', 'Support', 'Not yet', expect.stringMatching(/2026/)],
    ]);
  });

  it('adds staff in a dialog that sends the reason and a current code, and shows a refused code under its field', async () => {
    server.answer('GET /api/admin/staff', ok({ staff: [grace] }), ok({ staff: [grace, alan] }));
    server.answer(
      'POST /api/admin/staff/grant',
      {
        status: 400,
        body: {
          Success: false,
          Description: staffMessages.codeUsed,
          Content: { errors: { code: staffMessages.codeUsed } },
        },
      },
      ok(null, staffMessages.roleGranted),
    );
    const user = show();
    await user.click(await screen.findByRole('button', { name: 'Add staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add staff' });
    await typeInto(user, within(dialog).getByLabelText('Email of their Swapstuff account'), 'alan@example.com');
    await typeInto(user, within(dialog).getByLabelText('Reason (kept in the audit trail)'), 'Joins the support team');
    const code = within(dialog).getByLabelText('Current code from your authenticator app');
    await typeInto(user, code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Add staff' }));

    expect(await within(dialog).findByText(staffMessages.codeUsed)).toBeTruthy();
    await user.clear(code);
    await user.paste('654321');
    await user.click(within(dialog).getByRole('button', { name: 'Add staff' }));

    await waitFor(() => expect(toasts).toContain(`success: ${staffMessages.roleGranted}`));
    expect(sent('POST /api/admin/staff/grant')).toEqual([
      { email: 'alan@example.com', role: 'support', reason: 'Joins the support team', code: '123456' },
      { email: 'alan@example.com', role: 'support', reason: 'Joins the support team', code: '654321' },
    ]);
    // the list is read again, with the new member
    expect(await screen.findByText('Alan Turing')).toBeTruthy();
  });

  it('removes a member after a dialog that asks for a reason and a code', async () => {
    server.answer('GET /api/admin/staff', ok({ staff: [grace, alan] }));
    server.answer('POST /api/admin/staff/revoke', ok(null, staffMessages.roleRevoked));
    const user = show();
    await user.click(await screen.findByRole('button', { name: 'Remove Alan Turing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Alan Turing from staff?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    // neither is optional: the code confirms the admin, the reason goes in the audit trail
    expect(await within(dialog).findByText(staffMessages.codeRequired)).toBeTruthy();
    expect(within(dialog).getByText('Say why: the audit trail keeps the reason.')).toBeTruthy();

    await typeInto(user, within(dialog).getByLabelText('Reason (kept in the audit trail)'), 'Left the company');
    await typeInto(user, within(dialog).getByLabelText('Current code from your authenticator app'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(toasts).toContain(`success: ${staffMessages.roleRevoked}`));
    expect(sent('POST /api/admin/staff/revoke')).toEqual([{ userId: 2, reason: 'Left the company', code: '123456' }]);
  });

  it('tells a support agent that only an admin can do this, and asks nothing of the api', async () => {
    show({ ...admin, role: 'support' });
    expect(await screen.findByText(staffMessages.adminOnly)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add staff' })).toBeNull();
    expect(server.calls).toEqual([]);
  });
});
