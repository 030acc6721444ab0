/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { messages, safetyMessages, type ReportReason } from '@swapstuff/contracts';
import { bus, useSession } from '@swapstuff/sdk';
import { fakeFetch, ok, recordToasts, TestQueryProvider, testUser } from '@swapstuff/sdk/testing';
import { SellerActions } from './SellerActions';

const server = fakeFetch();
const toasts = recordToasts();

const reasons: ReportReason[] = [
  { id: 11, name: 'Scam or fraud' },
  { id: 12, name: 'Other' },
];

function show() {
  render(
    <MemoryRouter initialEntries={['/item-detail/3']}>
      <Routes>
        <Route path="/item-detail/:id" element={<SellerActions userId={9} name="Ada L." />} />
        <Route path="/" element={<p>Home page</p>} />
      </Routes>
    </MemoryRouter>,
    { wrapper: TestQueryProvider },
  );
}

const bodiesOf = (path: string) =>
  server.calls.filter((c) => c.url === path).map((c) => (c.init?.body ? JSON.parse(String(c.init.body)) : null));

describe('the seller card menu', () => {
  afterEach(() => useSession.getState().reset());

  it('asks a visitor to log in instead', async () => {
    const opened: unknown[] = [];
    const off = bus.on('login:open', (e) => void opened.push(e));
    const user = userEvent.setup({ delay: null });
    show();
    await user.click(screen.getByRole('button', { name: 'More actions for Ada L.' }));
    await user.click(await screen.findByText('Block User'));
    expect(opened).toHaveLength(1);
    expect(server.calls).toEqual([]);
    off();
  });

  it('blocks after asking once, says so and goes home', async () => {
    useSession.getState().signIn(testUser({ id: 1 }));
    server.answer('POST /api/user/block/9', ok({ userId: 9, blocked: true }, safetyMessages.blocked));
    const user = userEvent.setup({ delay: null });
    show();
    await user.click(screen.getByRole('button', { name: 'More actions for Ada L.' }));
    await user.click(await screen.findByText('Block User'));
    expect(await screen.findByText('Block Ada L.?')).toBeTruthy();
    expect(bodiesOf('/api/user/block/9')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Block User' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(bodiesOf('/api/user/block/9')).toHaveLength(1);
    expect(toasts).toContain(`success: ${safetyMessages.blocked}`);
  });

  it("reports the user with a user's reasons, ten characters needed for Other", async () => {
    useSession.getState().signIn(testUser({ id: 1 }));
    server.answer('GET /api/reasons/2', ok(reasons));
    server.answer('POST /api/user/report', ok({ userId: 9, already_reported: 1 }, safetyMessages.userReported));
    const user = userEvent.setup({ delay: null });
    show();
    await user.click(screen.getByRole('button', { name: 'More actions for Ada L.' }));
    await user.click(await screen.findByText('Report User'));
    expect(await screen.findByText('Why are you reporting this user?')).toBeTruthy();
    await user.click(await screen.findByRole('radio', { name: 'Other' }));
    await user.type(screen.getByLabelText('Tell us more'), 'rude');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(messages.reportMin)).toBeTruthy();
    // pasted, not typed key by key: 25 keystrokes through the form's validation take seconds on a loaded machine
    await user.click(screen.getByLabelText('Tell us more'));
    await user.paste(' and asked to pay outside');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toasts).toContain(`success: ${safetyMessages.userReported}`));
    expect(bodiesOf('/api/user/report')).toEqual([
      { userId: 9, reasonId: 12, reason: 'rude and asked to pay outside' },
    ]);
  });
});
