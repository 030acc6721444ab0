import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { googlePlaces } from './google';
import { PlacesUnavailableError } from './types';

/**
 * Google cannot be reached from the test machines (no internet), so the adapter talks real HTTP to a
 * local server that answers the way the Places API (New) does: the same paths, headers and JSON
 * shapes as its documentation. Nothing of our own code is replaced; only the far end is local.
 */
interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** `raw`: the body is sent as it is, not as JSON (a proxy's HTML error page) */
type Answer = { status: number; body: unknown; raw?: boolean };

let server: http.Server;
let baseUrl: string;
let seen: Seen[];
let answer: (req: Seen) => Answer;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(request);
      const { status, body: json, raw } = answer(request);
      res.writeHead(status, { 'Content-Type': raw ? 'text/html' : 'application/json; charset=UTF-8' });
      res.end(raw ? String(json) : JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
});

const KEY = 'test-key-123';
const places = () => googlePlaces({ apiKey: KEY, baseUrl });

const prediction = (placeId: string, main: string, secondary: string, types: string[]) => ({
  placePrediction: {
    place: `places/${placeId}`,
    placeId,
    text: { text: `${main}, ${secondary}`, matches: [{ endOffset: 3 }] },
    structuredFormat: { mainText: { text: main, matches: [{ endOffset: 3 }] }, secondaryText: { text: secondary } },
    types,
  },
});

const EMPIRE = {
  id: 'ChIJaXQRs6lZwokRY6EFpJnhNNE',
  formattedAddress: '350 5th Ave, New York, NY 10118, USA',
  addressComponents: [
    { longText: '350', shortText: '350', types: ['street_number'], languageCode: 'en-US' },
    { longText: '5th Avenue', shortText: '5th Ave', types: ['route'], languageCode: 'en' },
    { longText: 'Manhattan', shortText: 'Manhattan', types: ['sublocality_level_1', 'sublocality', 'political'] },
    { longText: 'New York', shortText: 'New York', types: ['locality', 'political'], languageCode: 'en' },
    { longText: 'New York County', shortText: 'New York County', types: ['administrative_area_level_2', 'political'] },
    { longText: 'New York', shortText: 'NY', types: ['administrative_area_level_1', 'political'] },
    { longText: 'United States', shortText: 'US', types: ['country', 'political'], languageCode: 'en' },
    { longText: '10118', shortText: '10118', types: ['postal_code'], languageCode: 'en-US' },
  ],
  location: { latitude: 40.7484405, longitude: -73.98566439999999 },
};

describe('Google Places adapter (Places API New, over HTTP)', () => {
  it('autocomplete: asks for US and Canadian places with the key, and maps the predictions', async () => {
    answer = () => ({
      status: 200,
      body: {
        suggestions: [
          prediction('ChIJaXQRs6lZwokRY6EFpJnhNNE', '350 5th Avenue', 'New York, NY, USA', [
            'street_address',
            'geocode',
          ]),
          { queryPrediction: { text: { text: '350 5th avenue pizza' } } },
          prediction('ChIJOwg_06VPwokRYv534QaPC8g', 'New York', 'NY, USA', ['locality', 'political', 'geocode']),
          prediction('ChIJpTvG15DL1IkRd8S0KlBVNTI', 'Toronto', 'ON, Canada', ['locality', 'political']),
        ],
      },
    });
    const found = await places().search('350 5th', 2);

    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe('POST');
    expect(seen[0].url).toBe('/v1/places:autocomplete');
    expect(seen[0].headers['x-goog-api-key']).toBe(KEY);
    expect(seen[0].headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[0].body)).toEqual({
      input: '350 5th',
      includedRegionCodes: ['us', 'ca'],
      languageCode: 'en',
    });
    // query predictions are no place; the limit holds; text only, so the place comes from details
    expect(found).toEqual([
      {
        id: 'ChIJaXQRs6lZwokRY6EFpJnhNNE',
        label: '350 5th Avenue, New York, NY, USA',
        street: '350 5th Avenue',
        place: null,
      },
      { id: 'ChIJOwg_06VPwokRYv534QaPC8g', label: 'New York, NY, USA', street: null, place: null },
    ]);
  });

  it('autocomplete with no suggestions (Google then sends {}) is an empty list', async () => {
    answer = () => ({ status: 200, body: {} });
    expect(await places().search('zzzzzz', 10)).toEqual([]);
  });

  it('details: asks for the address fields only and maps the components', async () => {
    answer = () => ({ status: 200, body: EMPIRE });
    const place = await places().details(EMPIRE.id);
    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe('GET');
    expect(seen[0].url).toBe(`/v1/places/${EMPIRE.id}?languageCode=en`);
    expect(seen[0].headers['x-goog-api-key']).toBe(KEY);
    expect(seen[0].headers['x-goog-fieldmask']).toBe('id,formattedAddress,addressComponents,location');
    expect(place).toEqual({
      id: EMPIRE.id,
      label: '350 5th Ave, New York, NY 10118, USA',
      street: '350 5th Avenue',
      city: 'New York',
      state: 'NY',
      zip: '10118',
      country: 'US',
      lat: 40.7484405,
      lng: -73.98566439999999,
    });
  });

  it('details: a Canadian place gives its province code', async () => {
    answer = () => ({
      status: 200,
      body: {
        id: 'ChIJmzrzjmY0K4gRq6Bq6p2-7ZY',
        formattedAddress: '290 Bremner Blvd, Toronto, ON M5V 3L9, Canada',
        addressComponents: [
          { longText: '290', shortText: '290', types: ['street_number'] },
          { longText: 'Bremner Boulevard', shortText: 'Bremner Blvd', types: ['route'] },
          { longText: 'Toronto', shortText: 'Toronto', types: ['locality', 'political'] },
          { longText: 'Ontario', shortText: 'ON', types: ['administrative_area_level_1', 'political'] },
          { longText: 'Canada', shortText: 'CA', types: ['country', 'political'] },
          { longText: 'M5V 3L9', shortText: 'M5V 3L9', types: ['postal_code'] },
        ],
        location: { latitude: 43.6425662, longitude: -79.3870568 },
      },
    });
    expect(await places().details('ChIJmzrzjmY0K4gRq6Bq6p2-7ZY')).toMatchObject({
      street: '290 Bremner Boulevard',
      city: 'Toronto',
      state: 'ON',
      zip: 'M5V 3L9',
      country: 'CA',
    });
  });

  it('details: a place outside the US and Canada is no place for the picker', async () => {
    answer = () => ({
      status: 200,
      body: {
        id: 'ChIJB3UJ2yYAzoURQeheJnYQBlQ',
        formattedAddress: 'Mexico City, CDMX, Mexico',
        addressComponents: [{ longText: 'Mexico', shortText: 'MX', types: ['country', 'political'] }],
      },
    });
    expect(await places().details('ChIJB3UJ2yYAzoURQeheJnYQBlQ')).toBeNull();
  });

  it('details: an unknown or malformed id is null; a malformed one is not even sent', async () => {
    answer = () => ({
      status: 404,
      body: { error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' } },
    });
    expect(await places().details('ChIJunknown')).toBeNull();
    expect(seen).toHaveLength(1);
    for (const id of ['../v1/places:autocomplete', 'a b', 'x?y=1', '']) expect(await places().details(id)).toBeNull();
    expect(seen).toHaveLength(1);
  });

  it('a refused key, an exhausted quota or a server error is "unavailable", not "no match"', async () => {
    for (const [status, reason] of [
      [403, 'PERMISSION_DENIED'],
      [429, 'RESOURCE_EXHAUSTED'],
      [500, 'INTERNAL'],
    ] as const) {
      answer = () => ({ status, body: { error: { code: status, message: 'refused', status: reason } } });
      await expect(places().search('350 5th', 5)).rejects.toBeInstanceOf(PlacesUnavailableError);
      await expect(places().details(EMPIRE.id)).rejects.toBeInstanceOf(PlacesUnavailableError);
    }
  });

  it('a 200 that is no JSON (a proxy page) is "unavailable" too', async () => {
    answer = () => ({ status: 200, body: '<html>Gateway</html>', raw: true });
    await expect(places().search('350 5th', 5)).rejects.toBeInstanceOf(PlacesUnavailableError);
    await expect(places().details(EMPIRE.id)).rejects.toBeInstanceOf(PlacesUnavailableError);
  });

  it('a provider that cannot be reached is "unavailable"', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = googlePlaces({ apiKey: KEY, baseUrl: `http://127.0.0.1:${port}` });
    await expect(unreachable.search('350 5th', 5)).rejects.toBeInstanceOf(PlacesUnavailableError);
  });
});
