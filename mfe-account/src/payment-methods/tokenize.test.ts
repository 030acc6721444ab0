import { messages } from '@swapstuff/contracts';
import { CardTokenError, tokenizeCard } from './tokenize';

const config = { provider: 'stripe' as const, publishableKey: 'pk_test_sandbox', apiBase: 'https://pay.sandbox.test/' };
const card = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123', name: 'Ada Lovelace' };

let fetchMock: jest.Mock;
beforeEach(() => {
  fetchMock = jest.fn();
  Object.defineProperty(globalThis, 'fetch', { configurable: true, writable: true, value: fetchMock });
});
afterEach(() => jest.useRealTimers());

const reply = (status: number, body: unknown) => ({ ok: status < 400, status, json: async () => body });
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (err: unknown) => err as CardTokenError,
  );

describe('tokenizeCard', () => {
  it('posts the card form-encoded to {apiBase}/v1/payment_methods with the publishable key', async () => {
    fetchMock.mockResolvedValue(reply(200, { id: 'pm_1', card: { brand: 'visa', last4: '4242' } }));
    await expect(tokenizeCard(config, card)).resolves.toEqual({ id: 'pm_1', card: { brand: 'visa', last4: '4242' } });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('https://pay.sandbox.test/v1/payment_methods');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('omit');
    expect(init.body).toBe(
      'type=card&card[number]=4242424242424242&card[exp_month]=12&card[exp_year]=2030&card[cvc]=123' +
        '&billing_details[name]=Ada%20Lovelace&key=pk_test_sandbox',
    );
  });

  it('passes on the provider’s message for a card it refuses, with the field it is about', async () => {
    fetchMock.mockResolvedValue(
      reply(402, { error: { code: 'incorrect_number', param: 'number', message: 'Your card number is incorrect.' } }),
    );
    const err = await refusal(tokenizeCard(config, card));
    expect(err).toBeInstanceOf(CardTokenError);
    expect(err.message).toBe('Your card number is incorrect.');
    expect(err.code).toBe('incorrect_number');
    expect(err.field).toBe('number');

    fetchMock.mockResolvedValue(
      reply(400, { error: { code: 'invalid_expiry_year', param: 'exp_year', message: 'x' } }),
    );
    expect((await refusal(tokenizeCard(config, card))).field).toBe('expiry');
  });

  it('a provider that is unreachable, broken or refuses our key: payments are briefly unavailable', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect((await refusal(tokenizeCard(config, card))).message).toBe(messages.paymentsUnavailable);
    fetchMock.mockResolvedValue(reply(500, { error: { message: 'Internal error' } }));
    expect((await refusal(tokenizeCard(config, card))).message).toBe(messages.paymentsUnavailable);
    fetchMock.mockResolvedValue(reply(401, { error: { message: 'Invalid API Key provided' } }));
    expect((await refusal(tokenizeCard(config, card))).message).toBe(messages.paymentsUnavailable);
    fetchMock.mockResolvedValue(reply(200, { object: 'payment_method' }));
    expect((await refusal(tokenizeCard(config, card))).message).toBe(messages.paymentsUnavailable);
    expect((await refusal(tokenizeCard({ ...config, apiBase: 'javascript:alert(1)//' }, card))).message).toBe(
      messages.paymentsUnavailable,
    );
  });

  it('gives up after the timeout', async () => {
    jest.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const pending = refusal(tokenizeCard(config, card, { timeoutMs: 1000 }));
    jest.advanceTimersByTime(1000);
    expect((await pending).message).toBe(messages.paymentsUnavailable);
  });
});
