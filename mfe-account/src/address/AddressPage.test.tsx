/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { fakeFetch, ok, recordToasts, TestQueryProvider } from '@swapstuff/sdk/testing';
import { messages, type Address } from '@swapstuff/contracts';
import { AddressPage } from './AddressPage';

const { calls, answer } = fakeFetch();

const toasts = recordToasts();

const address = (id: number, street: string, featured: 0 | 1): Address => ({
  id,
  street_1: street,
  street_2: null,
  formatted_street_1: `${street}, New York, NY 10118`,
  city: 'New York',
  state: 'NY',
  zip: '10118',
  country: 'United States',
  featured,
  lat: null,
  lng: null,
});
const home = address(1, '1 Home Street', 1);
const work = address(2, '2 Work Avenue', 0);

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function renderAt(url: string) {
  const user = userEvent.setup({ delay: null });
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/address" element={<AddressPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
    { wrapper: TestQueryProvider },
  );
  return user;
}

const cards = () => screen.getAllByRole('listitem');
const gets = (prefix: string) => calls.filter((c) => c.url.startsWith(prefix)).map((c) => c.url);

describe('/address', () => {
  it('lists the addresses, the default first and marked Default', async () => {
    answer('GET /api/user/address', ok({ address: [work, home] }));
    renderAt('/address');
    expect(screen.getByLabelText('Loading addresses')).toBeTruthy();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const [first, second] = cards();
    expect(first.textContent).toContain('1 Home Street');
    expect(within(first).getByText('Default')).toBeTruthy();
    expect(within(first).queryByRole('button', { name: 'Make Default' })).toBeNull();
    expect(second.textContent).toContain('2 Work Avenue');
    expect(second.textContent).toContain('New York, NY 10118');
    expect(within(second).queryByText('Default')).toBeNull();
    expect(within(second).getByRole('button', { name: 'Make Default' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Add Address/ })).toBeTruthy();
  });

  it('with none: No Record Found, and Add Address opens the modal', async () => {
    answer('GET /api/user/address', ok({ address: [] }));
    const user = renderAt('/address');
    expect(await screen.findByText(messages.noRecordFound)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Add Address/ }));
    expect(within(await screen.findByRole('dialog')).getByText('Add Address')).toBeTruthy();
  });

  it('a list that cannot be loaded says so; Retry loads it again', async () => {
    answer(
      'GET /api/user/address',
      { status: 500, body: { Success: false, Description: messages.genericError, Content: null } },
      ok({ address: [home] }),
    );
    const user = renderAt('/address');
    expect(await screen.findByText(messages.addressesLoadFailed)).toBeTruthy();
    expect(screen.getByText(messages.genericError)).toBeTruthy();
    expect(toasts).toEqual([]);
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.queryByText(messages.addressesLoadFailed)).toBeNull();
  });

  it('Make Default shows the list the api answers, with the new default first', async () => {
    answer('GET /api/user/address', ok({ address: [home, work] }));
    answer(
      'GET /api/default/address/2',
      ok(
        {
          address: [
            { ...work, featured: 1 },
            { ...home, featured: 0 },
          ],
        },
        messages.addressDefault,
      ),
    );
    const user = renderAt('/address');
    await waitFor(() => expect(cards()).toHaveLength(2));
    await user.click(within(cards()[1]).getByRole('button', { name: 'Make Default' }));
    await waitFor(() => expect(cards()[0].textContent).toContain('2 Work Avenue'));
    expect(within(cards()[0]).getByText('Default')).toBeTruthy();
    expect(within(cards()[1]).queryByText('Default')).toBeNull();
    expect(toasts).toEqual([`success: ${messages.addressDefault}`]);
  });

  it('Delete asks first; Cancel keeps the address, Delete removes it', async () => {
    answer('GET /api/user/address', ok({ address: [home, work] }));
    answer('GET /api/delete/address/2', ok({ address: [home] }, messages.addressDeleted));
    const user = renderAt('/address');
    await waitFor(() => expect(cards()).toHaveLength(2));

    await user.click(within(cards()[1]).getByRole('button', { name: 'Delete' }));
    let confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Delete this address?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(gets('/api/delete')).toEqual([]);

    await user.click(within(cards()[1]).getByRole('button', { name: 'Delete' }));
    confirm = await screen.findByRole('tooltip');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(gets('/api/delete')).toEqual(['/api/delete/address/2']);
    expect(cards()[0].textContent).toContain('1 Home Street');
    expect(toasts).toEqual([`success: ${messages.addressDeleted}`]);
  });

  it('a refused change toasts the server Description and keeps the list', async () => {
    answer('GET /api/user/address', ok({ address: [home, work] }));
    answer('GET /api/default/address/2', {
      status: 404,
      body: { Success: false, Description: messages.addressNotFound, Content: null },
    });
    const user = renderAt('/address');
    await waitFor(() => expect(cards()).toHaveLength(2));
    await user.click(within(cards()[1]).getByRole('button', { name: 'Make Default' }));
    await waitFor(() => expect(toasts).toEqual([`error: ${messages.addressNotFound}`]));
    expect(cards()).toHaveLength(2);
  });

  it('Edit opens the modal on that address; saving it refreshes the list', async () => {
    const edited = { ...work, street_2: 'Suite 5' };
    answer('GET /api/user/address', ok({ address: [home, work] }), ok({ address: [home, edited] }));
    answer('POST /api/user/edit/address', ok({ address: edited }, messages.addressUpdated));
    const user = renderAt('/address');
    await waitFor(() => expect(cards()).toHaveLength(2));
    await user.click(within(cards()[1]).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit Address')).toBeTruthy();
    expect((within(dialog).getByLabelText('Address') as HTMLInputElement).value).toBe('2 Work Avenue');
    await user.click(within(dialog).getByLabelText('Street 2 (optional)'));
    await user.keyboard('Suite 5');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    await user.click(save);
    await waitFor(() => expect(cards()[1].textContent).toContain('Suite 5'));
    expect(toasts).toEqual([`success: ${messages.addressUpdated}`]);
    expect(screen.queryByTestId('where')).toBeNull();
  });
});

describe('/address?redirect=', () => {
  const empire = {
    id: 'US-10118',
    label: '350 Fifth Avenue, New York, NY 10118, United States',
    street: '350 Fifth Avenue',
    city: 'New York',
    state: 'NY',
    zip: '10118',
    country: 'US',
    lat: 40.75,
    lng: -73.99,
  };

  async function addOne(user: ReturnType<typeof userEvent.setup>) {
    answer(
      `GET /api/places/search?q=${encodeURIComponent('350 Fifth Avenue, 10118')}`,
      ok({ places: [{ id: empire.id, label: empire.label, street: empire.street, place: empire }] }),
    );
    answer('POST /api/user/edit/address', {
      status: 201,
      body: { Success: true, Description: messages.addressAdded, Content: { address: address(3, empire.street, 1) } },
    });
    await user.click(await screen.findByRole('button', { name: /Add Address/ }));
    const dialog = await screen.findByRole('dialog');
    const line = within(dialog).getByLabelText('Address');
    await user.click(line);
    await user.keyboard('350 Fifth Avenue, 10118');
    await screen.findByText(empire.label);
    // antd's list reads keyCode, which user-event leaves out: the keys are sent as a browser does
    fireEvent.keyDown(line, { key: 'ArrowDown', keyCode: 40, which: 40 });
    fireEvent.keyDown(line, { key: 'Enter', keyCode: 13, which: 13 });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    await user.click(save);
    await waitFor(() => expect(toasts).toEqual([`success: ${messages.addressAdded}`]));
  }

  it('after an address is added, goes back to the page that sent the user here', async () => {
    answer('GET /api/user/address', ok({ address: [] }));
    const user = renderAt('/address?redirect=%2Fswapstuff%2F12%3Foffer%3D3');
    await addOne(user);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/swapstuff/12?offer=3'));
  });

  it('another site is no place to go back to: the user stays and sees the list', async () => {
    answer('GET /api/user/address', ok({ address: [] }), ok({ address: [address(3, empire.street, 1)] }));
    const user = renderAt('/address?redirect=%2F%2Fevil.example%2Fphish');
    await addOne(user);
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
