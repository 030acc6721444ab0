import http from 'node:http';
import { messages, type FeeQuoteContent, type FeeSettings, type LoginContent } from '@swapstuff/contracts';
import { call, startTestApi, type Answer, type TestApi } from '../../../test/harness';

let api: TestApi;
let token: string;

beforeAll(async () => {
  api = await startTestApi();
  const res = await call<LoginContent>(api.url, 'POST', '/api/register', {
    body: {
      firstName: 'Fee',
      lastName: 'Payer',
      username: 'fee_payer',
      email: 'fee_payer@example.com',
      password: 'fee-quote-pass-1',
      confirmPassword: 'fee-quote-pass-1',
      agreeToTerms: true,
    },
  });
  expect(res.status).toBe(201);
  token = res.body.Content.token!;
});
afterAll(() => api.close());

/** The settings row as the staff would change it: straight in the table. */
async function setFees(settings: FeeSettings | string): Promise<void> {
  const value = typeof settings === 'string' ? settings : JSON.stringify(settings);
  await api.db('settings').where({ key: 'fees' }).update({ value, updated_at: Date.now() });
}

const pct = (basisPoints: number) => ({ unit: 'percentage', basisPoints }) as const;
const fixed = (cents: number) => ({ unit: 'fixed', cents }) as const;
const fees = (
  fee: FeeSettings['fee'],
  discount: FeeSettings['discount'] = pct(0),
  floor: number | null = null,
  cap: number | null = null,
): FeeSettings => ({ fee, discount, feeFloorCents: floor, feeCapCents: cap });

const quote = (query: string, path = '/api/protected/rate/v2') =>
  call<FeeQuoteContent>(api.url, 'GET', `${path}?${query}`, { token });

/** A GET with a JSON body (fetch refuses to send one; the spec's clients do). */
function getWithBody(path: string, body: unknown, bearer?: string): Promise<Answer<FeeQuoteContent>> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${api.url}${path}`,
      {
        method: 'GET',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(text),
          ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (data += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            headers: new Headers(),
            body: JSON.parse(data) as Answer<FeeQuoteContent>['body'],
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

describe('the fee quote with the settings the migration seeds (5 %, no discount)', () => {
  it('answers the spec’s fields, money as dollars with two decimals, on both paths', async () => {
    const expected: FeeQuoteContent = {
      item_price: '250.00',
      platform_fee: '12.50',
      platform_fee_unit: 'percentage',
      platform_fee_value: '5.00',
      platform_fee_floor: null,
      platform_fee_cap: null,
      platform_discount: '0.00',
      platform_discount_unit: 'percentage',
      platform_discount_value: '0.00',
      cash_amount: '0.00',
      total: '262.50',
      minimum: '262.50',
      maximum: '262.50',
    };
    for (const path of ['/api/protected/rate', '/api/protected/rate/v2']) {
      const res = await quote('price=250', path);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ Success: true, Description: '', Content: expected });
    }
  });

  it('reads price and cash from a JSON body too ("Fee quote: body price")', async () => {
    for (const path of ['/api/protected/rate', '/api/protected/rate/v2']) {
      const res = await getWithBody(path, { price: 250.5, cash: -20 }, token);
      expect(res.status).toBe(200);
      expect(res.body.Content).toMatchObject({ item_price: '250.50', platform_fee: '12.52', total: '243.02' });
    }
    // the query string wins where both name a field
    const both = await getWithBody('/api/protected/rate?price=100', { price: 250 }, token);
    expect(both.body.Content.item_price).toBe('100.00');
  });
});

/**
 * The worked examples of contracts/src/fees.test.ts (those within the listing limits), asked of the api
 * over HTTP with the settings row changed between them: the api answers the same numbers.
 */
const examples: [string, FeeSettings, string, string, { fee: string; discount: string; total: string }][] = [
  ['percent fee: 5 % of $250.00', fees(pct(500)), '250.00', '0', { fee: '12.50', discount: '0.00', total: '262.50' }],
  ['fixed fee: $1.50 on $250.00', fees(fixed(150)), '250', '', { fee: '1.50', discount: '0.00', total: '251.50' }],
  [
    'percent discount: 10 % off 5 %',
    fees(pct(500), pct(1000)),
    '250',
    '0',
    { fee: '12.50', discount: '1.25', total: '261.25' },
  ],
  [
    'fixed discount: $2.00 off 5 %',
    fees(pct(500), fixed(200)),
    '250',
    '0',
    { fee: '12.50', discount: '2.00', total: '260.50' },
  ],
  [
    'a discount larger than the fee',
    fees(fixed(150), fixed(500)),
    '250',
    '0',
    { fee: '1.50', discount: '1.50', total: '250.00' },
  ],
  ['a 100 % discount', fees(pct(500), pct(10000)), '250', '0', { fee: '12.50', discount: '12.50', total: '250.00' }],
  ['extra cash the caller adds', fees(pct(500)), '250', '20', { fee: '12.50', discount: '0.00', total: '282.50' }],
  [
    'extra cash the other side adds',
    fees(pct(500)),
    '250',
    '-20.00',
    { fee: '12.50', discount: '0.00', total: '242.50' },
  ],
  ['the caller receives', fees(pct(500)), '100', '-150', { fee: '5.00', discount: '0.00', total: '-45.00' }],
  [
    'cash with a discount',
    fees(pct(500), pct(1000)),
    '250',
    '-0.75',
    { fee: '12.50', discount: '1.25', total: '260.50' },
  ],
  [
    '5 % of $250.50: 1252.5¢ → 1252¢',
    fees(pct(500)),
    '250.50',
    '0',
    { fee: '12.52', discount: '0.00', total: '263.02' },
  ],
  ['5 % of $1.10: 5.5¢ → 6¢', fees(pct(500)), '1.10', '0', { fee: '0.06', discount: '0.00', total: '1.16' }],
  ['5 % of $1.30: 6.5¢ → 6¢', fees(pct(500)), '1.3', '0', { fee: '0.06', discount: '0.00', total: '1.36' }],
  ['2.5 % of $1.40: 3.5¢ → 4¢', fees(pct(250)), '1.40', '0', { fee: '0.04', discount: '0.00', total: '1.44' }],
  ['2.5 % of $1.80: 4.5¢ → 4¢', fees(pct(250)), '1.80', '0', { fee: '0.04', discount: '0.00', total: '1.84' }],
  ['2.5 % of $1.10: 2.75¢ → 3¢', fees(pct(250)), '1.10', '0', { fee: '0.03', discount: '0.00', total: '1.13' }],
  ['10 % off 25¢: 2.5¢ → 2¢', fees(pct(500), pct(1000)), '5', '0', { fee: '0.25', discount: '0.02', total: '5.23' }],
  ['10 % off 35¢: 3.5¢ → 4¢', fees(pct(500), pct(1000)), '7', '0', { fee: '0.35', discount: '0.04', total: '7.31' }],
  ['10 % off 1252¢', fees(pct(500), pct(1000)), '250.50', '0', { fee: '12.52', discount: '1.25', total: '261.77' }],
  ['the least price, $1', fees(pct(500)), '1', '0', { fee: '0.05', discount: '0.00', total: '1.05' }],
  [
    'the largest price, $999,999',
    fees(pct(500)),
    '999999',
    '0',
    { fee: '49999.95', discount: '0.00', total: '1049998.95' },
  ],
  [
    'the largest everything',
    fees(pct(10000)),
    '999999',
    '999999',
    { fee: '999999.00', discount: '0.00', total: '2999997.00' },
  ],
  ['a floor', fees(pct(500), pct(0), 50), '1', '0', { fee: '0.50', discount: '0.00', total: '1.50' }],
  ['a floor, then 10 % off', fees(pct(500), pct(1000), 50), '1', '0', { fee: '0.50', discount: '0.05', total: '1.45' }],
  [
    'a cap',
    fees(pct(500), pct(0), null, 10000),
    '999999',
    '0',
    { fee: '100.00', discount: '0.00', total: '1000099.00' },
  ],
  [
    'between floor and cap',
    fees(pct(500), pct(0), 50, 10000),
    '250',
    '0',
    { fee: '12.50', discount: '0.00', total: '262.50' },
  ],
];

describe('the api answers the worked examples', () => {
  afterAll(() => setFees(fees(pct(500))));

  it.each(examples)('%s', async (_name, settings, price, cash, expected) => {
    await setFees(settings);
    const res = await quote(`price=${encodeURIComponent(price)}&cash=${encodeURIComponent(cash)}`);
    expect(res.status).toBe(200);
    const { platform_fee, platform_discount, total, minimum, maximum } = res.body.Content;
    expect({ fee: platform_fee, discount: platform_discount, total }).toEqual(expected);
    expect([minimum, maximum]).toEqual([expected.total, expected.total]);
    expect(res.body.Content).toMatchObject({
      platform_fee_unit: settings.fee.unit,
      platform_discount_unit: settings.discount.unit,
    });
  });

  it('says how the fee and the discount are set, per their units', async () => {
    await setFees(fees(fixed(150), pct(1250), 100, 2500));
    const res = await quote('price=250&cash=5');
    expect(res.body.Content).toEqual({
      item_price: '250.00',
      platform_fee: '1.50',
      platform_fee_unit: 'fixed',
      platform_fee_value: '1.50',
      platform_fee_floor: '1.00',
      platform_fee_cap: '25.00',
      platform_discount: '0.19', // 12.5 % of 150¢ is 18.75¢
      platform_discount_unit: 'percentage',
      platform_discount_value: '12.50',
      cash_amount: '5.00',
      total: '256.31',
      minimum: '256.31',
      maximum: '256.31',
    });
  });
});

describe('what the api refuses', () => {
  it.each([
    ['', 'price', messages.priceRequired],
    ['price=', 'price', messages.priceRequired],
    ['price=%20', 'price', messages.priceRequired],
    ['price=abc', 'price', messages.priceInvalid],
    ['price=1&price=2', 'price', messages.priceInvalid],
    ['price=0', 'price', messages.priceMin],
    ['price=0.99', 'price', messages.priceMin],
    ['price=-5', 'price', messages.priceMin],
    ['price=999999.01', 'price', messages.priceMax],
    ['price=1000000', 'price', messages.priceMax],
    ['price=10&cash=x', 'cash', messages.cashInvalid],
    ['price=10&cash=1000000', 'cash', messages.cashRange],
    ['price=10&cash=-999999.01', 'cash', messages.cashRange],
  ])('?%s → 400 %s: %s', async (query, field, message) => {
    for (const path of ['/api/protected/rate', '/api/protected/rate/v2']) {
      const res = await quote(query, path);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ Success: false, Description: message, Content: { errors: { [field]: message } } });
    }
  });

  it('a body that is not an object of fields', async () => {
    const res = await getWithBody('/api/protected/rate', { price: 'much' }, token);
    expect(res.status).toBe(400);
    expect(res.body.Description).toBe(messages.priceInvalid);
  });

  it.each(['/api/protected/rate?price=250', '/api/protected/rate/v2?price=250'])(
    'without a bearer token: %s → 401',
    async (path) => {
      const res = await call(api.url, 'GET', path);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ Success: false, Description: messages.unauthenticated });
    },
  );
});

describe('the settings row', () => {
  afterEach(() => setFees(fees(pct(500))));

  it('a change counts at once', async () => {
    await setFees(fees(pct(300)));
    expect((await quote('price=100')).body.Content.total).toBe('103.00');
    await setFees(fees(pct(700)));
    expect((await quote('price=100')).body.Content.total).toBe('107.00');
  });

  it('none: the defaults (5 %, no discount)', async () => {
    await api.db('settings').where({ key: 'fees' }).delete();
    const res = await quote('price=100');
    expect(res.status).toBe(200);
    expect(res.body.Content).toMatchObject({ platform_fee: '5.00', platform_discount: '0.00', total: '105.00' });
    await api.db('settings').insert({ key: 'fees', value: JSON.stringify(fees(pct(500))), updated_at: Date.now() });
  });

  it.each(['not json', '{}', JSON.stringify(fees(pct(20000))), JSON.stringify(fees(pct(500), pct(0), 900, 100))])(
    'one that is not valid settings is a server error, never a made-up fee: %s',
    async (value) => {
      await setFees(value);
      const res = await quote('price=100');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ Success: false, Description: messages.genericError, Content: null });
    },
  );
});
