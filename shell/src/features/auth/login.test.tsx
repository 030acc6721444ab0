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

  it('says a provider without credentials is not configured, with a toast, and stays', async () => {
    const toasts: string[] = [];
    const off = bus.on('toast', ({ content }) => toasts.push(content));
    const fetchMock = mockFetch({
      status: 200,
      body: { Success: true, Description: '', Content: { google: false, apple: false, facebook: false } },
    });
    render(<LoginModal />, { wrapper: TestQueryProvider });
    act(() => bus.emit('login:open', {}));
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: /Continue with Google/ }));
    expect(String(fetchMock.mock.calls[0][0])).toContain('/api/app/social/providers');
    expect(toasts).toEqual([messages.socialLoginUnavailable]);
    expect(assign).not.toHaveBeenCalled();
    off();
  });

  it("goes to the gateway's /login-web for a configured provider, to come back to this page", async () => {
    mockFetch({
      status: 200,
      body: { Success: true, Description: '', Content: { google: false, apple: true, facebook: false } },
    });
    window.history.pushState({}, '', '/item-detail/5?from=home');
    render(<LoginModal />, { wrapper: TestQueryProvider });
    act(() => bus.emit('login:open', {}));
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: /Continue with Apple/ }));
    expect(assign).toHaveBeenCalledWith('/login-web?provider=apple&callbackUrl=%2Fitem-detail%2F5%3Ffrom%3Dhome');
    window.history.pushState({}, '', '/');
  });
});

describe("/login after a provider (the gateway's outcome)", () => {
  it.each([
    ['failed', messages.socialLoginFailed],
    ['not-configured', messages.socialLoginUnavailable],
    ['cancelled', messages.socialLoginCancelled],
  ])('shows the toast for "%s" and keeps the login form', async (outcome, message) => {
    const toasts: string[] = [];
    const off = bus.on('toast', ({ content }) => toasts.push(content));
    renderLogin(`/login?callbackUrl=%2Fmy-likes&social=${outcome}`);
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(toasts).toEqual([message]);
    off();
  });

  it('opens the session the gateway made and goes on to the callback', async () => {
    const fetchMock = mockFetch({
      status: 200,
      body: { Success: true, Description: '', Content: { user: sampleUser } },
    });
    renderLogin('/login?callbackUrl=%2Fmy-likes&social=signed-in');
    expect(screen.getByText('Signing you in…')).toBeTruthy();
    await act(async () => undefined);
    expect(String(fetchMock.mock.calls[0][0])).toContain('/api/userdetail');
    expect(useSession.getState().profile?.userId).toBe(7);
    expect(assign).toHaveBeenCalledWith('/my-likes');
  });

  it("takes a new account to My Profile's form, to review the proposed username", async () => {
    mockFetch({ status: 200, body: { Success: true, Description: '', Content: { user: sampleUser } } });
    renderLogin('/login?callbackUrl=%2Fmy-likes&social=new-account');
    await act(async () => undefined);
    expect(assign).toHaveBeenCalledWith('/my-profile?edit=1');
  });

  it('says so when the session cannot be read, and shows the form', async () => {
    const toasts: string[] = [];
    const off = bus.on('toast', ({ content }) => toasts.push(content));
    mockFetch({ status: 401, body: { Success: false, Description: '407', Content: null } });
    renderLogin('/login?callbackUrl=%2Fmy-likes&social=signed-in');
    expect(await screen.findByLabelText('Email')).toBeTruthy();
    expect(toasts).toEqual([messages.socialLoginFailed]);
    expect(assign).not.toHaveBeenCalled();
    off();
  });
});
