/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus } from '@swapstuff/sdk';
import { TestQueryProvider } from '@swapstuff/sdk/testing';
import { messages } from '@swapstuff/contracts';
import { ChangePasswordPage } from './ChangePasswordPage';

function mockFetch(status: number, body: unknown): jest.Mock {
  const fn = jest.fn(async (_url: string, _init?: RequestInit) => ({
    ok: status >= 200 && status < 300,
    status,
    json: async () => body,
  }));
  Object.defineProperty(window, 'fetch', { configurable: true, writable: true, value: fn });
  return fn;
}

const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

async function fill(current: string, next: string, confirm = next) {
  const user = userEvent.setup({ delay: null });
  render(<ChangePasswordPage />, { wrapper: TestQueryProvider });
  await user.click(input('Current Password'));
  await user.paste(current);
  await user.click(input('New Password'));
  await user.paste(next);
  await user.click(input('Confirm Password'));
  await user.paste(confirm);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('/change-password', () => {
  it('applies the rules: new min 8, confirm must match, current required', async () => {
    const fetchMock = mockFetch(200, {});
    const user = userEvent.setup({ delay: null });
    render(<ChangePasswordPage />, { wrapper: TestQueryProvider });
    await user.click(input('New Password'));
    await user.paste('short');
    await user.click(input('Confirm Password'));
    await user.paste('different');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(messages.currentPasswordRequired)).toBeTruthy();
    expect(await screen.findByText(messages.passwordMin)).toBeTruthy();
    expect(await screen.findByText(messages.passwordMatch)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('changes the password, says so and empties the form', async () => {
    const toasts: string[] = [];
    const off = bus.on('toast', ({ type, content }) => toasts.push(`${type}: ${content}`));
    const fetchMock = mockFetch(200, { Success: true, Description: messages.passwordChanged, Content: null });
    await fill('old-password', 'new-password-1');
    await waitFor(() => expect(toasts).toEqual([`success: ${messages.passwordChanged}`]));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/change/password');
    expect(JSON.parse(String(init?.body))).toEqual({
      currentPassword: 'old-password',
      newPassword: 'new-password-1',
      confirmPassword: 'new-password-1',
    });
    expect(input('Current Password').value).toBe('');
    expect(input('New Password').value).toBe('');
    off();
  });

  it('shows a refused current password on its field', async () => {
    mockFetch(400, {
      Success: false,
      Description: messages.currentPasswordWrong,
      Content: { errors: { currentPassword: messages.currentPasswordWrong } },
    });
    await fill('not-my-password', 'new-password-1');
    expect(await screen.findByText(messages.currentPasswordWrong)).toBeTruthy();
    expect(input('Current Password').getAttribute('aria-invalid')).toBe('true');
  });

  it('puts the server Description on the current password when the answer names no field', async () => {
    mockFetch(401, { Success: false, Description: messages.currentPasswordWrong, Content: null });
    await fill('not-my-password', 'new-password-1');
    expect(await screen.findByText(messages.currentPasswordWrong)).toBeTruthy();
    expect(input('Current Password').getAttribute('aria-invalid')).toBe('true');
  });
});
