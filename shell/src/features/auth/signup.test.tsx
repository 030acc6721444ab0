/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { browser, useSession } from '@swapstuff/sdk';
import { messages } from '@swapstuff/contracts';
import { SignUpPage } from './SignUpPage';
import { TestQueryProvider } from '@swapstuff/sdk/testing';
import { mockFetch, sampleUser, sentBody } from './testing';

let assign: jest.SpyInstance;
beforeEach(() => {
  useSession.getState().reset();
  assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function renderSignUp() {
  render(
    <MemoryRouter initialEntries={['/sign-up']}>
      <SignUpPage />
    </MemoryRouter>,
    { wrapper: TestQueryProvider },
  );
  return userEvent.setup({ delay: null });
}

const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

describe('/sign-up, individual', () => {
  it('shows the spec messages and re-checks the confirmation when the password changes', async () => {
    const fetchMock = mockFetch();
    const user = renderSignUp();
    await user.click(input('Password'));
    await user.paste('password-one');
    await user.click(input('Confirm Password'));
    await user.paste('password-two');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText(messages.passwordMatch)).toBeTruthy();
    expect(await screen.findByText(messages.agreeToTerms)).toBeTruthy();
    expect(screen.getByText(messages.emailRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    expect(input('Confirm Password').getAttribute('aria-invalid')).toBe('true');
    // Only the password is edited: the confirmation is re-checked because it depends on it.
    await user.clear(input('Password'));
    await user.click(input('Password'));
    await user.paste('password-two');
    await waitFor(() => expect(input('Confirm Password').getAttribute('aria-invalid')).not.toBe('true'));
  });

  it('registers, signs the user in and loads the welcome step (the categories they care about)', async () => {
    const fetchMock = mockFetch({
      status: 201,
      body: { Success: true, Description: 'Your account has been created', Content: { user: sampleUser } },
    });
    const user = renderSignUp();
    await user.click(input('First Name'));
    await user.paste('Ada');
    await user.click(input('Last Name'));
    await user.paste('Lovelace');
    await user.click(input('Username'));
    await user.paste('ada_l');
    await user.click(input('Email'));
    await user.paste('ada@example.com');
    await user.click(input('Password'));
    await user.paste('analytical');
    await user.click(input('Confirm Password'));
    await user.paste('analytical');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/my-categories?welcome=1'));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/register');
    expect(sentBody(fetchMock)).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada_l',
      email: 'ada@example.com',
      password: 'analytical',
      confirmPassword: 'analytical',
      agreeToTerms: true,
    });
    expect(useSession.getState().profile?.userId).toBe(7);
    expect(assign).toHaveBeenCalledWith('/my-categories?welcome=1');
  });

  it('puts the api field errors of a 400 on the fields', async () => {
    mockFetch({
      status: 400,
      body: {
        Success: false,
        Description: messages.validationFailed,
        Content: { errors: { email: messages.emailTaken } },
      },
    });
    const user = renderSignUp();
    await user.click(input('First Name'));
    await user.paste('Ada');
    await user.click(input('Last Name'));
    await user.paste('Lovelace');
    await user.click(input('Username'));
    await user.paste('ada_l');
    await user.click(input('Email'));
    await user.paste('ada@example.com');
    await user.click(input('Password'));
    await user.paste('analytical');
    await user.click(input('Confirm Password'));
    await user.paste('analytical');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText(messages.emailTaken)).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('/sign-up, business', () => {
  async function business() {
    const user = renderSignUp();
    await user.click(screen.getByText('Business'));
    await screen.findByLabelText('Business Name');
    return user;
  }

  it('formats the phone as (xxx) xxx-xxxx and the EIN as xx-xxxxxxx while typing, dropping non-digits', async () => {
    const user = await business();
    await user.type(input('Phone'), '55a5-12');
    expect(input('Phone').value).toBe('(555) 12');
    await user.type(input('Phone'), '34567890');
    expect(input('Phone').value).toBe('(555) 123-4567');
    await user.type(input('EIN Number'), '12x34567890');
    expect(input('EIN Number').value).toBe('12-3456789');
    await user.type(input('Zip'), '10-001');
    expect(input('Zip').value).toBe('10001');
  });

  it('shows "Invalid contact no" for a short phone', async () => {
    const user = await business();
    await user.click(input('Phone'));
    await user.paste('55512');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(messages.invalidContact)).toBeTruthy();
    expect(await screen.findByText(messages.agreeToTerms)).toBeTruthy();
  });

  it('sends the EIN as 9 digits and the phone as shown', async () => {
    const fetchMock = mockFetch({
      status: 201,
      body: { Success: true, Description: '', Content: { user: { ...sampleUser, is_business: 1 } } },
    });
    const user = await business();
    await user.click(input('Business Name'));
    await user.paste('Acme Goods');
    await user.click(input('Business Username'));
    await user.paste('acme_goods');
    await user.click(input('EIN Number'));
    await user.paste('123456789');
    await user.click(input('Business Email'));
    await user.paste('sales@acme.example');
    await user.click(input('Address'));
    await user.paste('1 Main Street');
    await user.click(input('City'));
    await user.paste('Springfield');
    await user.click(input('State'));
    await user.paste('IL');
    await user.click(input('Zip'));
    await user.paste('62701');
    await user.type(input('Phone'), '2175550100');
    await user.click(input('Password'));
    await user.paste('analytical');
    await user.click(input('Confirm Password'));
    await user.paste('analytical');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/my-categories?welcome=1'));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v2/register');
    expect(sentBody(fetchMock)).toMatchObject({ businessEINNumber: '123456789', phone: '(217) 555-0100', state: 'IL' });
    expect(assign).toHaveBeenCalledWith('/my-categories?welcome=1');
  });
});
