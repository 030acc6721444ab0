/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type Address, type Place, type PlaceSuggestion } from '@swapstuff/contracts';
import { recordToasts, TestQueryProvider } from '@swapstuff/sdk/testing';
import AddressModal from './AddressModal';

/** The api as the browser sees it: each call answered from a table of path → envelope. */
type Reply = { status: number; body: unknown } | 'unreadable';
let routes: Record<string, Reply | ((init?: RequestInit) => Reply)>;
let calls: { url: string; init?: RequestInit; at: number }[];

beforeEach(() => {
  routes = {};
  calls = [];
  const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init, at: Date.now() });
    const route = routes[`${init?.method ?? 'GET'} ${url}`];
    const reply = typeof route === 'function' ? route(init) : (route ?? { status: 404, body: null });
    if (reply === 'unreadable') return { ok: false, status: 502, json: async () => Promise.reject(new Error('html')) };
    return { ok: reply.status < 400, status: reply.status, json: async () => reply.body };
  });
  Object.defineProperty(window, 'fetch', { configurable: true, writable: true, value: fetchMock });
});

const toasts = recordToasts();

const ok = (Content: unknown, Description = '') => ({ status: 200, body: { Success: true, Description, Content } });

function placeOf(zip: string, city: string, state: string, street: string | null = null): Place {
  const label = `${street ? `${street}, ` : ''}${city}, ${state} ${zip}, United States`;
  return { id: `US-${zip}`, label, street, city, state, zip, country: 'US', lat: 1, lng: 2 };
}
const suggestionOf = (place: Place): PlaceSuggestion => ({
  id: place.id,
  label: place.label,
  street: place.street,
  place,
});
const searching = (q: string, places: PlaceSuggestion[]) => {
  routes[`GET /api/places/search?q=${encodeURIComponent(q)}`] = ok({ places });
};
const searchCalls = () => calls.filter((c) => c.url.startsWith('/api/places/search'));

const saved: Address = {
  id: 7,
  street_1: '350 Fifth Avenue',
  street_2: null,
  formatted_street_1: '350 Fifth Avenue, New York, NY 10118',
  city: 'New York',
  state: 'NY',
  zip: '10118',
  country: 'United States',
  featured: 1,
  lat: null,
  lng: null,
};

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

function open(props: { address?: Address } = {}) {
  const onSaved = jest.fn();
  const onClose = jest.fn();
  const user = userEvent.setup({ delay: null });
  render(<AddressModal open onClose={onClose} onSaved={onSaved} {...props} />, { wrapper: TestQueryProvider });
  return { user, onSaved, onClose };
}

/** antd's list reads `keyCode`, which user-event's keyboard() leaves out: the keys are sent as a browser does. */
const press = (key: 'ArrowDown' | 'Enter') =>
  fireEvent.keyDown(field('Address'), { key, keyCode: key === 'Enter' ? 13 : 40, which: key === 'Enter' ? 13 : 40 });

/** Types into the address line and picks a suggestion with the keyboard: ArrowDown `downs` times, Enter. */
async function typeAndPick(user: ReturnType<typeof userEvent.setup>, text: string, label: string, downs = 1) {
  await user.click(field('Address'));
  await user.keyboard(text);
  expect(await screen.findByText(label)).toBeTruthy();
  for (let i = 0; i < downs; i += 1) press('ArrowDown');
  press('Enter');
}

describe('AddressModal', () => {
  it('is titled Add Address, or Edit Address for an address with an id', () => {
    const { unmount } = render(<AddressModal open onClose={jest.fn()} onSaved={jest.fn()} />, {
      wrapper: TestQueryProvider,
    });
    expect(screen.getByRole('dialog').textContent).toContain('Add Address');
    unmount();
    render(<AddressModal open address={saved} onClose={jest.fn()} onSaved={jest.fn()} />, {
      wrapper: TestQueryProvider,
    });
    expect(screen.getByText('Edit Address')).toBeTruthy();
    expect(field('Address').value).toBe('350 Fifth Avenue');
    expect(field('City').value).toBe('New York');
    expect(field('State').value).toBe('NY');
    expect(field('Zip').value).toBe('10118');
  });

  it('city, state and zip cannot be typed; Save is disabled on an empty form', async () => {
    const { user } = open();
    for (const label of ['City', 'State', 'Zip']) {
      expect(field(label).readOnly).toBe(true);
      await user.type(field(label), 'typed');
      expect(field(label).value).toBe('');
    }
    expect(saveButton()).toHaveProperty('disabled', true);
  });

  it('searches once typing pauses, then a pick fills city, state and zip', async () => {
    const beverly = placeOf('90210', 'Beverly Hills', 'CA');
    searching('9021', [suggestionOf(beverly), suggestionOf(placeOf('90211', 'Beverly Hills', 'CA'))]);
    // the clock is the test's: a busy machine's slow keystrokes would otherwise be pauses of their own
    jest.useFakeTimers();
    try {
      render(<AddressModal open onClose={jest.fn()} onSaved={jest.fn()} />, { wrapper: TestQueryProvider });
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      await user.click(field('Address'));
      await user.keyboard('90');
      await act(async () => void jest.advanceTimersByTime(200));
      await user.keyboard('21');
      await act(async () => void jest.advanceTimersByTime(250));
      // keys typed less than 300 ms apart: nothing asked yet
      expect(searchCalls()).toEqual([]);
      await act(async () => void jest.advanceTimersByTime(100));
      expect(await screen.findByText('Beverly Hills, CA 90210, United States')).toBeTruthy();
      // one request, once typing has paused 300 ms
      expect(searchCalls().map((c) => c.url)).toEqual(['/api/places/search?q=9021']);
    } finally {
      jest.useRealTimers();
    }
    press('ArrowDown');
    press('Enter');
    await waitFor(() => expect(field('Zip').value).toBe('90210'));
    expect(field('City').value).toBe('Beverly Hills');
    expect(field('State').value).toBe('CA');
    // a ZIP is no street: the line empties and, once the form revalidates, says what is missing
    expect(field('Address').value).toBe('');
    expect(await screen.findByText(messages.addressRequired)).toBeTruthy();
    expect(saveButton()).toHaveProperty('disabled', true);
  });

  it('adds an address: the street typed before the place stays; Save waits for the revalidation', async () => {
    const empire = placeOf('10118', 'New York', 'NY', '350 Fifth Avenue');
    searching('350 Fifth Avenue, 10118', [suggestionOf(empire)]);
    routes['POST /api/user/edit/address'] = {
      status: 201,
      body: { Success: true, Description: messages.addressAdded, Content: { address: saved } },
    };
    // the clock is the test's while the pick revalidates: on a busy machine a real wait would outlast it
    jest.useFakeTimers();
    const onSaved = jest.fn();
    render(<AddressModal open onClose={jest.fn()} onSaved={onSaved} />, { wrapper: TestQueryProvider });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const save = saveButton();
    try {
      await typeAndPick(user, '350 Fifth Avenue, 10118', empire.label);
      await act(async () => void jest.advanceTimersByTime(0));
      expect(field('Zip').value).toBe('10118');
      expect(field('Address').value).toBe('350 Fifth Avenue');
      // valid and changed, but the form revalidates 700 ms after the pick first
      await act(async () => void jest.advanceTimersByTime(650));
      expect(save.disabled).toBe(true);
      await act(async () => void jest.advanceTimersByTime(100));
      await waitFor(() => expect(save.disabled).toBe(false));

      // the picked place on the map (spec section 9: zoom 13, a circle of 800 m)
      const map = screen.getByRole('img', { name: 'Map of New York NY 10118, with the 800 m around it' });
      expect(map.getAttribute('data-zoom')).toBe('13');

      await user.click(field('Street 2 (optional)'));
      await user.keyboard('Floor 86');
      await user.click(save);
      await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    } finally {
      jest.useRealTimers();
    }
    expect(toasts).toEqual([`success: ${messages.addressAdded}`]);
    const post = calls.find((c) => c.init?.method === 'POST');
    expect(post?.url).toBe('/api/user/edit/address');
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      addressId: '',
      country: 'United States',
      street1: '350 Fifth Avenue',
      street2: 'Floor 86',
      city: 'New York',
      state: 'NY',
      zip: '10118',
      // where the place is, kept with the address
      lat: 1,
      lng: 2,
    });
  });

  it('shows no map before a place is picked', async () => {
    open();
    expect(screen.queryByRole('img', { name: /^Map of/ })).toBeNull();
  });

  it('shows the stored place of an address it edits', async () => {
    open({ address: { ...saved, lat: 40.7484, lng: -73.9857 } });
    expect(screen.getByRole('img', { name: 'Map of New York NY 10118, with the 800 m around it' })).toBeTruthy();
  });

  it('a suggestion without its place (Google) asks the api for the place on a pick', async () => {
    const toronto: Place = {
      id: 'ChIJmzrzjmY0K4gRq6Bq6p2',
      label: '290 Bremner Blvd, Toronto, ON M5V 3L9, Canada',
      street: '290 Bremner Boulevard',
      city: 'Toronto',
      state: 'ON',
      zip: 'M5V 3L9',
      country: 'CA',
      lat: 43.6,
      lng: -79.4,
    };
    searching('290 Bremner', [
      { id: toronto.id, label: '290 Bremner Blvd, Toronto, ON, Canada', street: '290 Bremner Blvd', place: null },
    ]);
    routes[`GET /api/places/${toronto.id}`] = ok({ place: toronto });
    const { user } = open();
    await typeAndPick(user, '290 Bremner', '290 Bremner Blvd, Toronto, ON, Canada');
    await waitFor(() => expect(field('Zip').value).toBe('M5V 3L9'));
    expect(field('Address').value).toBe('290 Bremner Boulevard');
    expect(field('City').value).toBe('Toronto');
    expect(field('State').value).toBe('ON');
  });

  it('a place the api cannot answer is toasted and fills nothing', async () => {
    searching('290 Bremner', [
      { id: 'ChIJgone', label: '290 Bremner Blvd, Toronto, ON, Canada', street: '290 Bremner Blvd', place: null },
    ]);
    routes['GET /api/places/ChIJgone'] = {
      status: 503,
      body: { Success: false, Description: messages.placesUnavailable, Content: null },
    };
    const { user } = open();
    await typeAndPick(user, '290 Bremner', '290 Bremner Blvd, Toronto, ON, Canada');
    await waitFor(() => expect(toasts).toEqual([`error: ${messages.placesUnavailable}`]));
    expect(field('City').value).toBe('');
    expect(field('Zip').value).toBe('');
    expect(saveButton()).toHaveProperty('disabled', true);
  });

  it('says when nothing matches, and when the search is unavailable', async () => {
    searching('350 Fifth Avenue', []);
    routes['GET /api/places/search?q=Beverly'] = {
      status: 503,
      body: { Success: false, Description: messages.placesUnavailable, Content: null },
    };
    const { user } = open();
    await user.click(field('Address'));
    await user.keyboard('350 Fifth Avenue');
    expect(await screen.findByText(messages.placesNoMatch)).toBeTruthy();
    await user.clear(field('Address'));
    await user.keyboard('Beverly');
    expect(await screen.findByText(messages.placesUnavailable)).toBeTruthy();
    expect(toasts).toEqual([]);
  });

  it('edits: Save needs a change; the toast is the api’s for an edit', async () => {
    routes['POST /api/user/edit/address'] = ok(
      { address: { ...saved, street_2: 'Floor 86' } },
      messages.addressUpdated,
    );
    const { user, onSaved } = open({ address: saved });
    expect(saveButton()).toHaveProperty('disabled', true);
    await user.click(field('Street 2 (optional)'));
    await user.keyboard('Floor 86');
    await waitFor(() => expect(saveButton()).toHaveProperty('disabled', false));
    await user.click(saveButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ ...saved, street_2: 'Floor 86' }));
    expect(toasts).toEqual([`success: ${messages.addressUpdated}`]);
    const body = JSON.parse(String(calls.find((c) => c.init?.method === 'POST')?.init?.body));
    expect(body).toMatchObject({ addressId: 7, street1: '350 Fifth Avenue', street2: 'Floor 86', zip: '10118' });
  });

  it('clearing the address line shows the rule’s message and disables Save', async () => {
    const { user } = open({ address: saved });
    await user.clear(field('Address'));
    expect(await screen.findByText(messages.addressRequired)).toBeTruthy();
    expect(saveButton()).toHaveProperty('disabled', true);
  });

  it('shows the address line’s message once it is touched and left empty (spec: "error shown when touched")', async () => {
    const { user } = open();
    expect(screen.queryByText(messages.addressRequired)).toBeNull();
    await user.click(field('Address'));
    await user.tab();
    expect(await screen.findByText(messages.addressRequired)).toBeTruthy();
  });

  it('a refused save toasts the server Description and marks the field', async () => {
    routes['POST /api/user/edit/address'] = {
      status: 400,
      body: {
        Success: false,
        Description: messages.street2Length,
        Content: { errors: { street2: messages.street2Length } },
      },
    };
    const { user, onSaved } = open({ address: saved });
    await user.click(field('Street 2 (optional)'));
    await user.keyboard('Suite 1');
    await user.click(saveButton());
    await waitFor(() => expect(toasts).toEqual([`error: ${messages.street2Length}`]));
    expect(field('Street 2 (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('a failure without a Description toasts the spec’s "Opps something went wrong!!"', async () => {
    routes['POST /api/user/edit/address'] = 'unreadable';
    const { user, onSaved } = open({ address: saved });
    await user.click(field('Street 2 (optional)'));
    await user.keyboard('Suite 1');
    await user.click(saveButton());
    await waitFor(() => expect(toasts).toEqual(['error: Opps something went wrong!!']));
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('Cancel closes', async () => {
    const { user, onClose } = open();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
