/** @jest-environment jsdom */
import { MemoryRouter } from 'react-router-dom';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, profileMessages, type ProfileStats, type User } from '@swapstuff/contracts';
import { useSession } from '@swapstuff/sdk';
import { fakeFetch, fakeXhr, ok, recordToasts, refused, TestQueryProvider, testUser } from '@swapstuff/sdk/testing';
import { MyProfilePage } from './MyProfilePage';

const server = fakeFetch();
const toasts = recordToasts();

const stats: ProfileStats = {
  listings: 3,
  sold: 2,
  swaps: 1,
  as_seller: { average: 4.5, count: 2 },
  as_buyer: { average: null, count: 0 },
};
const business = testUser({
  id: 9,
  is_business: 1,
  first_name: '',
  last_name: '',
  username: 'acme_tools',
  email: 'sales@acme.example',
  phone_no: '(217) 555-0100',
  businessName: 'Acme Tools',
  businessUsername: 'acme_tools',
  businessEINNumber: '123456789',
  businessEmail: 'sales@acme.example',
  address: '1 Main St',
  city: 'Springfield',
  state: 'Illinois',
  zip: '62701',
});

function show(user: User, url = '/my-profile') {
  server.answer('GET /api/userdetail', ok({ user }));
  server.answer(`GET /api/user/profile/stats/${user.id}`, ok(stats));
  render(
    <MemoryRouter initialEntries={[url]}>
      <MyProfilePage />
    </MemoryRouter>,
    { wrapper: TestQueryProvider },
  );
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

describe('/my-profile', () => {
  it('shows an individual’s profile, contact as +1 (xxx) xxx-xxxx, and their activity', async () => {
    show(testUser({ phone_no: '(555) 123-4567' }));
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByText('@ada')).toBeTruthy();
    expect(screen.getByText('+1 (555) 123-4567')).toBeTruthy();
    expect(screen.queryByText('Business')).toBeNull();
    expect(await screen.findByText('4.5 / 5')).toBeTruthy();
    expect(screen.getByText('Active listings').closest('.ant-statistic')!.textContent).toContain('3');
  });

  it('shows a business’s name, badge, EIN as xx-xxxxxxx and address', async () => {
    show(business);
    expect(await screen.findByRole('heading', { name: 'Acme Tools' })).toBeTruthy();
    expect(screen.getByText('Business')).toBeTruthy();
    expect(screen.getByText('12-3456789')).toBeTruthy();
    expect(screen.getByText('+1 (217) 555-0100')).toBeTruthy();
    expect(screen.getByText('1 Main St, Springfield, Illinois 62701')).toBeTruthy();
  });

  it('edits an individual: the spec’s rules in place, the phone formatted as typed, then saved', async () => {
    const user = userEvent.setup({ delay: null });
    show(testUser());
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(field('First Name').value).toBe('Ada');
    expect(screen.queryByLabelText('Business Name')).toBeNull();
    await user.clear(field('Username'));
    await user.type(field('Username'), '1234');
    await user.type(field('Phone'), '555123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.usernameNotOnlyDigits)).toBeTruthy();
    expect(await screen.findByText(messages.invalidContact)).toBeTruthy();
    expect(field('Phone').value).toBe('(555) 123');

    const saved = testUser({ username: 'ada_k', phone_no: '(555) 123-4567', last_name: 'King' });
    const xhr = fakeXhr({ status: 200, body: { Success: true, Description: '', Content: { user: saved } } });
    server.answer('GET /api/userdetail', ok({ user: saved }));
    await user.clear(field('Username'));
    await user.type(field('Username'), 'ada_k');
    await user.type(field('Phone'), '4567');
    await user.clear(field('Last Name'));
    await user.type(field('Last Name'), 'King');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts).toContain(`success: ${profileMessages.profileUpdated}`));
    const [request] = xhr.sent;
    expect([request.method, request.url]).toEqual(['POST', '/api/edituser']);
    expect(Object.fromEntries(request.body.entries())).toEqual({
      firstName: 'Ada',
      lastName: 'King',
      username: 'ada_k',
      phone: '(555) 123-4567',
    });
    // the header's name and avatar come from the session store
    expect(useSession.getState().profile).toMatchObject({ lastName: 'King', phone: '(555) 123-4567' });
    expect(await screen.findByRole('heading', { name: 'Ada King' })).toBeTruthy();
  });

  it('opens on the form with ?edit=1 (a first social sign-in), the proposed username to review', async () => {
    show(testUser({ username: 'ada_lovelace_4821' }), '/my-profile?edit=1');
    expect(((await screen.findByLabelText('Username', { exact: true })) as HTMLInputElement).value).toBe(
      'ada_lovelace_4821',
    );
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
  });

  it('edits a business by its own fields, the EIN shown as xx-xxxxxxx and sent as 9 digits', async () => {
    const user = userEvent.setup({ delay: null });
    show(business);
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(screen.queryByLabelText('First Name')).toBeNull();
    expect(field('EIN Number').value).toBe('12-3456789');
    await user.clear(field('EIN Number'));
    await user.type(field('EIN Number'), '98765432');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.einLength)).toBeTruthy();
    await user.type(field('EIN Number'), '1');
    expect(field('EIN Number').value).toBe('98-7654321');
    const xhr = fakeXhr({ status: 200, body: { Success: true, Description: '', Content: { user: business } } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    expect(xhr.sent[0].body.get('businessEINNumber')).toBe('987654321');
    expect(xhr.sent[0].body.get('businessName')).toBe('Acme Tools');
  });

  it('shows a username taken meanwhile on its field, keeping what was typed', async () => {
    const user = userEvent.setup({ delay: null });
    show(testUser());
    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    await user.clear(field('Username'));
    await user.type(field('Username'), 'grace');
    fakeXhr({
      status: 409,
      body: {
        Success: false,
        Description: messages.usernameTaken,
        Content: { errors: { username: messages.usernameTaken } },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.usernameTaken)).toBeTruthy();
    expect(field('Username').value).toBe('grace');
    expect(field('Username').getAttribute('aria-invalid')).toBe('true');
  });

  it('says when the profile could not be loaded, and loads it again on Retry', async () => {
    const user = userEvent.setup({ delay: null });
    server.answer('GET /api/userdetail', refused(503, messages.serviceUnavailable), ok({ user: testUser() }));
    server.answer('GET /api/user/profile/stats/7', ok(stats));
    render(
      <MemoryRouter>
        <MyProfilePage />
      </MemoryRouter>,
      { wrapper: TestQueryProvider },
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(messages.serviceUnavailable)).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
  });
});
