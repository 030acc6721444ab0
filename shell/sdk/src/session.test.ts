import { loginAfterSessionEnd } from './session';

describe('where a session that ended elsewhere lands', () => {
  it('keeps the page to come back to (spec section 4: callbackUrl)', () => {
    expect(loginAfterSessionEnd('/my-listings')).toBe('/login?callbackUrl=/my-listings');
    expect(loginAfterSessionEnd('/search/22/red?sort=newest')).toBe(
      '/login?callbackUrl=/search/22/red%3Fsort%3Dnewest',
    );
  });

  it('keeps a login page’s own callbackUrl, and sends home to plain /login', () => {
    expect(loginAfterSessionEnd('/login?callbackUrl=/my-listings')).toBe('/login?callbackUrl=/my-listings');
    expect(loginAfterSessionEnd('/login')).toBe('/login');
    expect(loginAfterSessionEnd('/')).toBe('/login');
  });
});
