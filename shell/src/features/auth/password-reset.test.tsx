/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { messages } from '@swapstuff/contracts';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { recordToasts, TestQueryProvider } from '@swapstuff/sdk/testing';
import { mockFetch, sentBody } from './testing';

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/forget-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/login" element={<p>login page</p>} />
      </Routes>
    </MemoryRouter>,
    { wrapper: TestQueryProvider },
  );
  return userEvent.setup({ delay: null });
}

const input = (label: string) => screen.getByLabelText(label, { exact: true });
const toasts = recordToasts();

describe('/forget-password', () => {
  it('requires a valid email, then toasts the answer (the spec’s pattern) and keeps a way back to sign in', async () => {
    const fetchMock = mockFetch({
      status: 200,
      body: { Success: true, Description: messages.resetMailSent, Content: null },
    });
    const user = renderAt('/forget-password');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(messages.emailRequired)).toBeTruthy();

    await user.click(input('Email'));
    await user.paste('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() => expect(toasts).toEqual([`success: ${messages.resetMailSent}`]));
    // a toast, not a panel in place of the form
    expect(screen.queryByText(messages.resetMailSent)).toBeNull();
    expect((input('Email') as HTMLInputElement).value).toBe('');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/reset/app/password');
    expect(sentBody(fetchMock)).toEqual({ email: 'ada@example.com' });
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
  });

  it('toasts a refusal in its own words', async () => {
    mockFetch({ status: 429, body: { Success: false, Description: messages.rateLimited, Content: null } });
    const user = renderAt('/forget-password');
    await user.click(input('Email'));
    await user.paste('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() => expect(toasts).toEqual([`error: ${messages.rateLimited}`]));
  });
});

describe('/reset-password', () => {
  async function choose(user: ReturnType<typeof userEvent.setup>, password: string, confirm = password) {
    await user.click(input('Password'));
    await user.paste(password);
    await user.click(input('Confirm Password'));
    await user.paste(confirm);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
  }

  it('sends the token with the new password and offers to sign in', async () => {
    const fetchMock = mockFetch({
      status: 200,
      body: { Success: true, Description: messages.passwordChanged, Content: null },
    });
    const user = renderAt('/reset-password?token=abc123');
    await choose(user, 'new-password-1');
    expect(await screen.findByText(messages.passwordChanged)).toBeTruthy();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/password/reset');
    expect(sentBody(fetchMock)).toEqual({
      token: 'abc123',
      password: 'new-password-1',
      confirmPassword: 'new-password-1',
    });
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('login page')).toBeTruthy();
  });

  it('checks the rules before sending', async () => {
    const fetchMock = mockFetch();
    const user = renderAt('/reset-password?token=abc123');
    await choose(user, 'short', 'other');
    expect(await screen.findByText(messages.passwordMin)).toBeTruthy();
    expect(await screen.findByText(messages.passwordMatch)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows why an expired link cannot be used and links to a new one', async () => {
    mockFetch({ status: 400, body: { Success: false, Description: messages.resetLinkInvalid, Content: null } });
    const user = renderAt('/reset-password?token=expired');
    await choose(user, 'new-password-1');
    expect(await screen.findByText(messages.resetLinkInvalid)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forget-password');
  });

  it('says a link without a token is invalid', () => {
    renderAt('/reset-password');
    expect(screen.getByText(messages.resetLinkInvalid)).toBeTruthy();
  });
});
