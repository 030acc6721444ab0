import type { IncomingMessage } from 'node:http';
import { isSecure } from './security';

/** isSecure is Express's `req.secure` for the answers the gateway sends before Express sees the request. */
const request = (headers: Record<string, string>, encrypted = false) =>
  ({
    headers,
    socket: { encrypted: encrypted || undefined, remoteAddress: '203.0.113.7' },
  }) as unknown as IncomingMessage;

describe("the gateway's reading of whether a request came over TLS", () => {
  it('believes X-Forwarded-Proto only from a trusted hop, as Express does', () => {
    const trusted = jest.fn(() => true);
    const untrusted = jest.fn(() => false);
    expect(isSecure(request({ 'x-forwarded-proto': 'https' }), trusted)).toBe(true);
    expect(isSecure(request({ 'x-forwarded-proto': 'https, http' }), trusted)).toBe(true);
    expect(isSecure(request({ 'x-forwarded-proto': 'http' }), trusted)).toBe(false);
    expect(isSecure(request({ 'x-forwarded-proto': 'https' }), untrusted)).toBe(false);
    expect(untrusted).toHaveBeenCalledWith('203.0.113.7', 0);
  });

  it('takes the connection as it is without the header, and never asks about the hop then', () => {
    const trust = jest.fn(() => true);
    expect(isSecure(request({}), trust)).toBe(false);
    expect(isSecure(request({}, true), trust)).toBe(true);
    expect(isSecure(request({ 'x-forwarded-proto': '' }, true), trust)).toBe(true);
    expect(trust).not.toHaveBeenCalled();
    // a trusted proxy that says http over a TLS connection to us: Express believes the proxy
    expect(isSecure(request({ 'x-forwarded-proto': 'http' }, true), trust)).toBe(false);
  });
});
