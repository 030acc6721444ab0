/** @jest-environment jsdom */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { browser, bus, useSession } from '@swapstuff/sdk';
import { messages } from '@swapstuff/contracts';
import { LoginPage } from './LoginPage';
import { LoginModal } from './LoginModal';
import { TestQueryProvider } from '@swapstuff/sdk/testing';
import { mockFetch, sampleUser, sentBody } from './testing';

let assign: jest.SpyInstance;
let reload: jest.SpyInstance;
beforeEach(() => {
  useSession.getState().reset();
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
  reload = jest.spyOn(browser, 'reload').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function renderLogin(url = '/login') {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
    </MemoryRouter>,
    { wrapper: TestQueryProvider },
  );
}

async function signIn(email = 'ada@example.com', password = 'wrong-password') {
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByLabelText('Email'));
  await user.paste(email);
  await user.click(screen.getByLabelText('Password'));
  await user.paste(password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('/login', () => {
  it('shows the spec messages for a bad email and a missing password', async () => {
    renderLogin();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByLabelText('Email'));
    await user.paste('not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(messages.invalidEmail)).toBeTruthy();
    expect(await screen.findByText(messages.passwordRequired)).toBeTruthy();
  });

  it('shows "Login Failed" with the server Description', async () => {
    const fetchMock = mockFetch({
      status: 401,
      body: { Success: false, Description: 'Invalid email or password', Content: null },
    });
    renderLogin();
    await signIn();
    const dialog = await screen.findByRole('dialog', { name: 'Login Failed' });
    expect(within(dialog).getByText('Invalid email or password')).toBeTruthy();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/user/signin');
    expect(sentBody(fetchMock)).toEqual({ email: 'ada@example.com', password: 'wrong-password' });
    expect(useSession.getState().profile).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the generic message in the dialog when the answer has no Description', async () => {
    mockFetch({ status: 502 });
    renderLogin();
    await signIn();
    const dialog = await screen.findByRole('dialog', { name: 'Login Failed' });
    expect(within(dialog).getByText('Opps something went wrong!!!')).toBeTruthy();
  });

  it('shows a 429 Description in the same dialog', async () => {
    mockFetch({ status: 429, body: { Success: false, Description: messages.tooManyAttempts, Content: null } });
    renderLogin();
    await signIn();
    const dialog = await screen.findByRole('dialog', { name: 'Login Failed' });
    expect(within(dialog).getByText(messages.tooManyAttempts)).toBeTruthy();
  });

  it('signs in and goes to a same-site callbackUrl with a full load', async () => {
    mockFetch({ status: 200, body: { Success: true, Description: 'Login successful', Content: { user: sampleUser } } });
    renderLogin('/login?callbackUrl=%2Fnotification');
    await signIn('ada@example.com', 'correct-horse');
    await screen.findByText('elsewhere');
    expect(useSession.getState().profile?.userEmail).toBe('ada@example.com');
    expect(assign).toHaveBeenCalledWith('/notification');
  });

  it('refuses an off-site callbackUrl and goes home', async () => {
    mockFetch({ status: 200, body: { Success: true, Description: '', Content: { user: sampleUser } } });
    renderLogin('/login?callbackUrl=%2F%2Fevil.example');
    await signIn('ada@example.com', 'correct-horse');
    await screen.findByText('elsewhere');
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('sends a signed-in visitor straight to the callback', () => {
    useSession.getState().signIn(sampleUser);
    renderLogin('/login?callbackUrl=%2Fmy-likes');
    expect(screen.getByText('elsewhere')).toBeTruthy();
  });
});

describe('LoginModal', () => {
  it('opens on login:open, and after sign-in closes and reloads the page', async () => {
    mockFetch({ status: 200, body: { Success: true, Description: '', Content: { user: sampleUser } } });
    render(
      <MemoryRouter>
        <LoginModal />
      </MemoryRouter>,
      { wrapper: TestQueryProvider },
    );
    expect(screen.queryByLabelText('Email')).toBeNull();
    act(() => bus.emit('login:open', {}));
    await signIn('ada@example.com', 'correct-horse');
    await act(async () => undefined);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(useSession.getState().profile?.userId).toBe(7);
  });

  it('says the social providers are not configured, with a toast', async () => {
    const toasts: string[] = [];
    const off = bus.on('toast', ({ content }) => toasts.push(content));
    render(<LoginModal />, { wrapper: TestQueryProvider });
    act(() => bus.emit('login:open', {}));
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: /Continue with Google/ }));
    expect(toasts).toEqual([messages.socialLoginUnavailable]);
    off();
  });
});
