/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { messages, safetyMessages, type DeleteReason } from '@swapstuff/contracts';
import { browser, useSession } from '@swapstuff/sdk';
import { fakeFetch, ok, TestQueryProvider, testUser } from '@swapstuff/sdk/testing';
import { DeleteAccountPage } from './DeleteAccountPage';

const server = fakeFetch();

const reasons: DeleteReason[] = [
  { id: 1, name: 'I have privacy concerns' },
  { id: 2, name: 'Other' },
];

function show() {
  server.answer('GET /api/deleteuserreasons', ok(reasons));
  render(
    <MemoryRouter>
      <DeleteAccountPage />
    </MemoryRouter>,
    { wrapper: TestQueryProvider },
  );
}

const bodyOf = (path: string) =>
  server.calls.filter((c) => c.url === path).map((c) => JSON.parse(String(c.init?.body)) as unknown);

describe('/delete-account', () => {
  it("asks for a reason and the password, with the spec's messages, before calling anything", async () => {
    const user = userEvent.setup({ delay: null });
    show();
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByText(safetyMessages.deleteReasonRequired)).toBeTruthy();
    expect(screen.getByText(messages.passwordRequired)).toBeTruthy();
    expect(server.calls.map((c) => c.url)).toEqual(['/api/deleteuserreasons']);
  });

  it('shows what is still in progress, with where to finish it, and deletes nothing', async () => {
    const user = userEvent.setup({ delay: null });
    show();
    server.answer('POST /api/deleterequest', {
      status: 409,
      body: {
        Success: false,
        Description: safetyMessages.deleteInFlight,
        Content: { canDelete: false, inFlight: { swaps: 2, sales: 0, purchases: 1 } },
      },
    });
    await user.click(await screen.findByRole('radio', { name: 'Other' }));
    await user.type(screen.getByLabelText('Password'), 'my-password');
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByText(safetyMessages.deleteInFlight)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Swap Requests' }).getAttribute('href')).toBe('/swap-requests');
    expect(screen.getByRole('link', { name: 'My Purchases' }).getAttribute('href')).toBe('/my-purchases');
    expect(screen.queryByRole('link', { name: 'My Orders' })).toBeNull();
    expect(screen.getByText(/2 swaps in progress/)).toBeTruthy();
    expect(bodyOf('/api/deleterequest')).toEqual([{ reasonId: 2 }]);
    expect(bodyOf('/api/delete-user')).toEqual([]);
  });

  it('confirms, deletes with the reason and password, and clears the session here', async () => {
    useSession.getState().signIn(testUser());
    const user = userEvent.setup({ delay: null });
    show();
    server.answer('POST /api/deleterequest', ok({ canDelete: true, inFlight: { swaps: 0, sales: 0, purchases: 0 } }));
    server.answer('POST /api/delete-user', ok(null, safetyMessages.accountDeleted));
    await user.click(await screen.findByRole('radio', { name: 'I have privacy concerns' }));
    await user.type(screen.getByLabelText('Password'), 'my-password');
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(safetyMessages.accountDeleted)).toBeTruthy();
    expect(bodyOf('/api/delete-user')).toEqual([{ reasonId: 1, password: 'my-password' }]);
    expect(useSession.getState().profile).not.toBeNull();
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Go to Home' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(useSession.getState().profile).toBeNull();
  });

  it('puts a wrong password on its field and keeps the form', async () => {
    const user = userEvent.setup({ delay: null });
    show();
    server.answer('POST /api/deleterequest', ok({ canDelete: true, inFlight: { swaps: 0, sales: 0, purchases: 0 } }));
    server.answer('POST /api/delete-user', {
      status: 400,
      body: {
        Success: false,
        Description: messages.validationFailed,
        Content: { errors: { password: messages.currentPasswordWrong } },
      },
    });
    await user.click(await screen.findByRole('radio', { name: 'Other' }));
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(messages.currentPasswordWrong)).toBeTruthy();
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('wrong-password');
  });
});
