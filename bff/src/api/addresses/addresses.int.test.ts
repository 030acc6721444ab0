import { messages, type Address, type AddressListContent, type LoginContent } from '@swapstuff/contracts';
import { call, startTestApi, type TestApi } from '../../../test/harness';

let api: TestApi;
let alice: string;
let bob: string;

async function register(username: string): Promise<string> {
  const res = await call<LoginContent>(api.url, 'POST', '/api/register', {
    body: {
      firstName: 'Test',
      lastName: 'User',
      username,
      email: `${username}@example.com`,
      password: 'address-pass-1',
      confirmPassword: 'address-pass-1',
      agreeToTerms: true,
    },
  });
  expect(res.status).toBe(201);
  return res.body.Content.token!;
}

beforeAll(async () => {
  api = await startTestApi();
  alice = await register('alice_addr');
  bob = await register('bob_addr');
});
afterAll(() => api.close());

const valid = {
  addressId: '',
  country: 'United States',
  street1: '350 Fifth Avenue',
  street2: 'Floor 86',
  city: 'New York',
  state: 'New York',
  zip: '10118',
};

const list = async (token: string) => {
  const res = await call<AddressListContent>(api.url, 'GET', '/api/user/address', { token });
  expect(res.status).toBe(200);
  return res.body.Content.address;
};

const add = async (token: string, body: Record<string, unknown>) => {
  const res = await call<{ address: Address }>(api.url, 'POST', '/api/user/edit/address', { token, body });
  expect(res.status).toBe(201);
  expect(res.body.Description).toBe(messages.addressAdded);
  return res.body.Content.address;
};

describe('address validation (spec section 5)', () => {
  it.each([
    ['street1', { street1: '' }, messages.addressRequired],
    ['street1', { street1: '   ' }, messages.addressRequired],
    ['street1', { street1: undefined }, messages.addressRequired],
    ['street1', { street1: 'x'.repeat(256) }, messages.addressLength],
    ['street2', { street2: 'x'.repeat(256) }, messages.street2Length],
    ['city', { city: '' }, messages.cityRequired],
    ['city', { city: 'x'.repeat(101) }, messages.cityLength],
    ['state', { state: '' }, messages.stateRequired],
    ['state', { state: 'NY1' }, messages.stateLettersSpaces],
    ['state', { state: 'N.Y.' }, messages.stateLettersSpaces],
    ['state', { state: 'x'.repeat(101) }, messages.stateLength],
    ['zip', { zip: '' }, messages.zipRequired],
    ['zip', { zip: '1'.repeat(21) }, messages.zipLength],
  ])('%s: %j → %s', async (field, change, message) => {
    for (const path of ['/api/user/edit/address', '/api/user/update/address']) {
      const res = await call(api.url, 'POST', path, { token: alice, body: { ...valid, addressId: 1, ...change } });
      expect(res.status).toBe(400);
      expect(res.body.Success).toBe(false);
      expect(res.body.Description).toBe(message);
      expect(res.body.Content).toEqual({ errors: { [field]: message } });
    }
    expect(await list(alice)).toEqual([]);
  });

  it('reports every failing field at once, the first as Description', async () => {
    const res = await call(api.url, 'POST', '/api/user/edit/address', {
      token: alice,
      body: { street1: '', city: '', state: '1', zip: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body.Description).toBe(messages.addressRequired);
    expect(res.body.Content).toEqual({
      errors: {
        street1: messages.addressRequired,
        city: messages.cityRequired,
        state: messages.stateLettersSpaces,
        zip: messages.zipRequired,
      },
    });
  });

  it('update/address requires an addressId', async () => {
    for (const addressId of [undefined, '', null]) {
      const res = await call(api.url, 'POST', '/api/user/update/address', {
        token: alice,
        body: { ...valid, addressId },
      });
      expect(res.status).toBe(400);
      expect(res.body.Content).toEqual({
        errors: { addressId: addressId === null ? messages.addressNotFound : messages.addressIdRequired },
      });
    }
  });
});

describe('addresses of one user', () => {
  let first: Address;
  let second: Address;
  let third: Address;

  it('adds an address (street2 optional, country always United States); the first becomes the default', async () => {
    first = await add(alice, { ...valid, street2: '', country: 'Canada', street1: '  1 Main St ' });
    expect(first).toEqual({
      id: expect.any(Number),
      street_1: '1 Main St',
      street_2: null,
      formatted_street_1: '1 Main St, New York, New York 10118',
      city: 'New York',
      state: 'New York',
      zip: '10118',
      country: 'United States',
      featured: 1,
      lat: null,
      lng: null,
    });
    expect(await list(alice)).toEqual([first]);
  });

  it('keeps the picked place’s coordinates, both or neither, within range', async () => {
    const placed = await add(alice, { ...valid, lat: 40.7484405, lng: -73.9856644 });
    expect(placed).toMatchObject({ lat: 40.7484405, lng: -73.9856644 });
    for (const position of [
      { lat: 91, lng: 0 },
      { lat: 0, lng: -181 },
      { lat: 40.7 },
      { lng: -73.9 },
      { lat: 'x', lng: 1 },
    ]) {
      const res = await call(api.url, 'POST', '/api/user/edit/address', {
        token: alice,
        body: { ...valid, ...position },
      });
      expect({ position, status: res.status }).toEqual({ position, status: 400 });
    }
    // an edit that sends none clears them: the place it named is not known any more
    const edited = await call<{ address: Address }>(api.url, 'POST', '/api/user/update/address', {
      token: alice,
      body: { ...valid, addressId: placed.id },
    });
    expect(edited.body.Content.address).toMatchObject({ lat: null, lng: null });
    await call(api.url, 'GET', `/api/delete/address/${placed.id}`, { token: alice });
  });

  it('later addresses are not default; the list shows the default first, then the newest', async () => {
    second = await add(alice, { ...valid, addressId: undefined });
    third = await add(alice, { ...valid, street1: '2 Side St', street2: undefined });
    expect(second).toMatchObject({ street_2: 'Floor 86', featured: 0 });
    expect(third).toMatchObject({ street_1: '2 Side St', street_2: null, featured: 0 });
    expect((await list(alice)).map((a) => a.id)).toEqual([first.id, third.id, second.id]);
  });

  it('edits through update/address and through edit/address with an addressId', async () => {
    const res = await call<{ address: Address }>(api.url, 'POST', '/api/user/update/address', {
      token: alice,
      body: { ...valid, addressId: second.id, street1: '3 New St', zip: '10001' },
    });
    expect(res.status).toBe(200);
    expect(res.body.Description).toBe(messages.addressUpdated);
    expect(res.body.Content.address).toEqual({
      ...second,
      street_1: '3 New St',
      zip: '10001',
      formatted_street_1: '3 New St, New York, New York 10001',
    });

    const again = await call<{ address: Address }>(api.url, 'POST', '/api/user/edit/address', {
      token: alice,
      body: { ...valid, addressId: String(second.id), city: 'Albany' },
    });
    expect(again.status).toBe(200);
    expect(again.body.Description).toBe(messages.addressUpdated);
    expect(again.body.Content.address).toMatchObject({ id: second.id, city: 'Albany', featured: 0 });
    second = again.body.Content.address;
    expect(await list(alice)).toHaveLength(3);
  });

  it('set default makes that one the only featured address', async () => {
    const res = await call<AddressListContent>(api.url, 'GET', `/api/default/address/${second.id}`, { token: alice });
    expect(res.status).toBe(200);
    expect(res.body.Description).toBe(messages.addressDefault);
    const after = await list(alice);
    expect(res.body.Content.address).toEqual(after);
    expect(after.map((a) => [a.id, a.featured])).toEqual([
      [second.id, 1],
      [third.id, 0],
      [first.id, 0],
    ]);
  });

  it('deleting the default makes the newest remaining one the default', async () => {
    const res = await call<AddressListContent>(api.url, 'GET', `/api/delete/address/${second.id}`, { token: alice });
    expect(res.status).toBe(200);
    expect(res.body.Description).toBe(messages.addressDeleted);
    const after = await list(alice);
    expect(res.body.Content.address).toEqual(after);
    expect(after.map((a) => [a.id, a.featured])).toEqual([
      [third.id, 1],
      [first.id, 0],
    ]);
    // soft delete: the row stays for listings and orders that point at it
    const row = await api.db('addresses').where({ id: second.id }).first();
    expect(row.deleted_at).not.toBeNull();
    expect(row.featured ? 1 : 0).toBe(0);
  });

  it('deleting a non-default address leaves the default alone; a deleted address is gone for every call', async () => {
    const res = await call(api.url, 'GET', `/api/delete/address/${first.id}`, { token: alice });
    expect(res.status).toBe(200);
    expect((await list(alice)).map((a) => [a.id, a.featured])).toEqual([[third.id, 1]]);
    for (const [method, path, body] of [
      ['GET', `/api/default/address/${first.id}`, undefined],
      ['GET', `/api/delete/address/${first.id}`, undefined],
      ['POST', '/api/user/update/address', { ...valid, addressId: first.id }],
      ['POST', '/api/user/edit/address', { ...valid, addressId: first.id }],
    ] as const) {
      const gone = await call(api.url, method, path, { token: alice, body });
      expect(gone.status).toBe(404);
      expect(gone.body.Description).toBe(messages.addressNotFound);
    }
  });

  it('deleting the last address leaves none; the next one added is the default again', async () => {
    await call(api.url, 'GET', `/api/delete/address/${third.id}`, { token: alice });
    expect(await list(alice)).toEqual([]);
    const next = await add(alice, valid);
    expect(next.featured).toBe(1);
  });

  it('unknown and malformed ids → 404', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '1.5', '99999999999']) {
      const res = await call(api.url, 'GET', `/api/default/address/${id}`, { token: alice });
      expect(res.status).toBe(404);
      expect(res.body.Success).toBe(false);
    }
  });
});

describe('one user cannot touch another user’s addresses', () => {
  let bobs: Address;
  const snapshot = () =>
    api
      .db('addresses')
      .select('id', 'user_id', 'street_1', 'street_2', 'city', 'state', 'zip', 'featured', 'deleted_at')
      .orderBy('id');

  beforeAll(async () => {
    bobs = await add(bob, { ...valid, street1: '9 Bob Lane' });
    await add(bob, { ...valid, street1: '10 Bob Lane' });
  });

  it('does not list them', async () => {
    const mine = await list(alice);
    expect(mine.map((a) => a.id)).not.toContain(bobs.id);
    expect(mine.every((a) => !a.street_1.includes('Bob'))).toBe(true);
  });

  it('cannot edit, make default or delete them: 404, nothing changes', async () => {
    const before = await snapshot();
    for (const [method, path, body] of [
      ['POST', '/api/user/update/address', { ...valid, addressId: bobs.id, street1: 'Stolen' }],
      ['POST', '/api/user/edit/address', { ...valid, addressId: bobs.id, street1: 'Stolen' }],
      ['GET', `/api/default/address/${bobs.id}`, undefined],
      ['GET', `/api/delete/address/${bobs.id}`, undefined],
    ] as const) {
      const res = await call(api.url, method, path, { token: alice, body });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ Success: false, Description: messages.addressNotFound, Content: null });
    }
    expect(await snapshot()).toEqual(before);
    expect((await list(bob)).map((a) => [a.street_1, a.featured])).toEqual([
      ['9 Bob Lane', 1],
      ['10 Bob Lane', 0],
    ]);
  });

  it('making one of mine default leaves the other user’s default alone', async () => {
    const mine = await add(alice, { ...valid, street1: '11 Alice Road' });
    const res = await call(api.url, 'GET', `/api/default/address/${mine.id}`, { token: alice });
    expect(res.status).toBe(200);
    expect((await list(bob)).find((a) => a.id === bobs.id)?.featured).toBe(1);
  });
});

describe('without a bearer token', () => {
  it.each([
    ['GET', '/api/user/address'],
    ['POST', '/api/user/edit/address'],
    ['POST', '/api/user/update/address'],
    ['GET', '/api/default/address/1'],
    ['GET', '/api/delete/address/1'],
  ])('%s %s → 401', async (method, path) => {
    const before = await api.db('addresses').count({ n: '*' });
    const res = await call(api.url, method, path, {
      body: method === 'POST' ? { ...valid, addressId: 1 } : undefined,
    });
    expect(res.status).toBe(401);
    expect(res.body.Success).toBe(false);
    expect(res.body.Description).toBe(messages.unauthenticated);
    expect(await api.db('addresses').count({ n: '*' })).toEqual(before);
  });
});
