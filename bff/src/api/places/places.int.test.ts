import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { addressRules, checkForm, messages, type Address, type LoginContent } from '@swapstuff/contracts';
import { googlePlaces, offlinePlaces, type Places } from '../../adapters/places';
import { call, startTestApi, type TestApi } from '../../../test/harness';
import type { PlaceContent, PlacesContent } from './routes';

let api: TestApi;
let token: string;

/** The api's address search; the last describe switches it to the Google adapter. */
let provider: Places = offlinePlaces();
const switchable: Places = {
  search: (query, limit) => provider.search(query, limit),
  details: (id) => provider.details(id),
};

async function register(username: string): Promise<string> {
  const res = await call<LoginContent>(api.url, 'POST', '/api/register', {
    body: {
      firstName: 'Test',
      lastName: 'User',
      username,
      email: `${username}@example.com`,
      password: 'places-pass-1',
      confirmPassword: 'places-pass-1',
      agreeToTerms: true,
    },
  });
  expect(res.status).toBe(201);
  return res.body.Content.token!;
}

beforeAll(async () => {
  api = await startTestApi({ places: switchable });
  token = await register('places_user');
});
afterAll(() => api.close());

const search = (q: string) =>
  call<PlacesContent>(api.url, 'GET', `/api/places/search?q=${encodeURIComponent(q)}`, { token });

describe('GET /api/places/search (offline postal data)', () => {
  it('suggests places for a ZIP prefix, the exact ZIP first, at most 10', async () => {
    const res = await search('9021');
    expect(res.status).toBe(200);
    expect(res.body.Success).toBe(true);
    const { places } = res.body.Content;
    expect(places[0]).toMatchObject({
      id: 'US-90210',
      label: 'Beverly Hills, CA 90210, United States',
      place: { city: 'Beverly Hills', state: 'CA', zip: '90210', country: 'US' },
    });
    expect(places.length).toBeLessThanOrEqual(10);

    const many = await search('Spring');
    expect(many.body.Content.places).toHaveLength(10);
  });

  it('suggests a city by name and by "city, ST"', async () => {
    const byName = await search('Beverly');
    expect(byName.body.Content.places.map((p) => p.label)).toContain('Beverly Hills, CA 90209, United States');
    const byCityState = await search('Beverly Hills, CA');
    expect(byCityState.body.Content.places.map((p) => p.place?.zip)).toEqual([
      '90209',
      '90210',
      '90211',
      '90212',
      '90213',
    ]);
  });

  it('an unknown place is an empty list, not an error', async () => {
    const res = await search('Qxzqxz');
    expect(res.status).toBe(200);
    expect(res.body.Content).toEqual({ places: [] });
  });

  it.each([
    ['missing', ''],
    ['one character', '?q=a'],
    ['blank', '?q=%20%20%20'],
    ['101 characters', `?q=${'a'.repeat(101)}`],
    ['repeated', '?q=beverly&q=hills'],
  ])('q %s → 400 with the message', async (_what, query) => {
    const res = await call(api.url, 'GET', `/api/places/search${query}`, { token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      Success: false,
      Description: messages.placesQueryLength,
      Content: { errors: { q: messages.placesQueryLength } },
    });
  });

  it('100 characters are still a search', async () => {
    const q = `350 Fifth Avenue ${'x'.repeat(76)}, 10118`;
    expect(q).toHaveLength(100);
    const res = await search(q);
    expect(res.status).toBe(200);
    expect(res.body.Content.places.map((p) => p.place?.zip)).toEqual(['10118']);
  });
});

describe('GET /api/places/:id', () => {
  it('answers the place of a suggestion', async () => {
    const [suggestion] = (await search('350 Fifth Avenue, 10118')).body.Content.places;
    const res = await call<PlaceContent>(api.url, 'GET', `/api/places/${suggestion.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.Content.place).toEqual({
      id: 'US-10118',
      label: 'New York, NY 10118, United States',
      street: null,
      city: 'New York',
      state: 'NY',
      zip: '10118',
      country: 'US',
      lat: expect.any(Number),
      lng: expect.any(Number),
    });
  });

  it('unknown ids → 404 Place not found', async () => {
    for (const id of ['US-00000', 'nope', 'CA-Z9Z']) {
      const res = await call(api.url, 'GET', `/api/places/${id}`, { token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ Success: false, Description: messages.placeNotFound, Content: null });
    }
  });

  it('a picked place, with the street typed before it, saves as an address as it is', async () => {
    const [{ place }] = (await search('1 Main St, Toronto, ON M5V 3L9')).body.Content.places;
    expect(place).not.toBeNull();
    const body = {
      country: 'Canada',
      street1: place!.street,
      street2: '',
      city: place!.city,
      state: place!.state,
      zip: place!.zip,
    };
    expect(checkForm(addressRules, body)).toEqual({});
    const saved = await call<{ address: Address }>(api.url, 'POST', '/api/user/edit/address', { token, body });
    expect(saved.status).toBe(201);
    expect(saved.body.Content.address).toMatchObject({
      street_1: '1 Main St',
      city: 'Toronto',
      state: 'ON',
      zip: 'M5V 3L9',
    });
  });
});

describe('without a bearer token', () => {
  it.each(['/api/places/search?q=90210', '/api/places/US-90210'])('GET %s → 401', async (path) => {
    const res = await call(api.url, 'GET', path);
    expect(res.status).toBe(401);
    expect(res.body.Description).toBe(messages.unauthenticated);
  });
});

/**
 * The Google adapter behind the same routes. Google cannot be reached from here (no internet), so a
 * local HTTP server answers as the Places API (New) does; the api and the adapter are the real ones.
 */
describe('with Google Places configured', () => {
  let google: http.Server;
  let failing = false;

  beforeAll(async () => {
    google = http.createServer((req, res) => {
      res.setHeader('Content-Type', 'application/json');
      if (failing) {
        res.writeHead(429).end(JSON.stringify({ error: { code: 429, status: 'RESOURCE_EXHAUSTED' } }));
      } else if (req.method === 'POST' && req.url === '/v1/places:autocomplete') {
        res.end(
          JSON.stringify({
            suggestions: [
              {
                placePrediction: {
                  placeId: 'ChIJaXQRs6lZwokRY6EFpJnhNNE',
                  text: { text: '350 5th Avenue, New York, NY, USA' },
                  structuredFormat: {
                    mainText: { text: '350 5th Avenue' },
                    secondaryText: { text: 'New York, NY, USA' },
                  },
                  types: ['street_address'],
                },
              },
            ],
          }),
        );
      } else if (req.url?.startsWith('/v1/places/ChIJaXQRs6lZwokRY6EFpJnhNNE')) {
        res.end(
          JSON.stringify({
            id: 'ChIJaXQRs6lZwokRY6EFpJnhNNE',
            formattedAddress: '350 5th Ave, New York, NY 10118, USA',
            addressComponents: [
              { longText: '350', shortText: '350', types: ['street_number'] },
              { longText: '5th Avenue', shortText: '5th Ave', types: ['route'] },
              { longText: 'New York', shortText: 'New York', types: ['locality', 'political'] },
              { longText: 'New York', shortText: 'NY', types: ['administrative_area_level_1', 'political'] },
              { longText: 'United States', shortText: 'US', types: ['country', 'political'] },
              { longText: '10118', shortText: '10118', types: ['postal_code'] },
            ],
            location: { latitude: 40.7484405, longitude: -73.9856644 },
          }),
        );
      } else {
        res.writeHead(404).end(JSON.stringify({ error: { code: 404, status: 'NOT_FOUND' } }));
      }
    });
    await new Promise<void>((resolve) => google.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(google.address() as AddressInfo).port}`;
    provider = googlePlaces({ apiKey: 'test-key', baseUrl });
  });
  afterAll(async () => {
    provider = offlinePlaces();
    await new Promise<void>((resolve) => google.close(() => resolve()));
  });

  it('suggests without the place, then answers the picked one', async () => {
    const found = await call<PlacesContent>(api.url, 'GET', '/api/places/search?q=350%205th', {
      token,
    });
    expect(found.body.Content.places).toEqual([
      {
        id: 'ChIJaXQRs6lZwokRY6EFpJnhNNE',
        label: '350 5th Avenue, New York, NY, USA',
        street: '350 5th Avenue',
        place: null,
      },
    ]);
    const picked = await call<PlaceContent>(api.url, 'GET', '/api/places/ChIJaXQRs6lZwokRY6EFpJnhNNE', {
      token,
    });
    expect(picked.body.Content.place).toMatchObject({
      street: '350 5th Avenue',
      city: 'New York',
      state: 'NY',
      zip: '10118',
    });
    const gone = await call(api.url, 'GET', '/api/places/ChIJgone', { token });
    expect(gone.status).toBe(404);
  });

  it('a provider out of quota → 503, try again', async () => {
    failing = true;
    try {
      for (const path of ['/api/places/search?q=350%205th', '/api/places/ChIJaXQRs6lZwokRY6EFpJnhNNE']) {
        const res = await call(api.url, 'GET', path, { token });
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ Success: false, Description: messages.placesUnavailable, Content: null });
      }
    } finally {
      failing = false;
    }
  });
});
