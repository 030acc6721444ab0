import * as argon2 from '@node-rs/argon2';
import { hashPassword, verifyPassword } from './passwords';

// the real argon2, watched: which hashes each check verifies against
jest.mock('@node-rs/argon2', () => {
  const actual = jest.requireActual<typeof import('@node-rs/argon2')>('@node-rs/argon2');
  return { ...actual, verify: jest.fn(actual.verify) };
});
const verify = jest.mocked(argon2.verify);

describe('verifyPassword (issue 32, finding 8)', () => {
  beforeEach(() => verify.mockClear());

  it('checks a real hash once', async () => {
    const stored = await hashPassword('granite-owl-4417');
    expect(await verifyPassword(stored, 'granite-owl-4417')).toBe(true);
    expect(await verifyPassword(stored, 'wrong')).toBe(false);
    expect(verify.mock.calls.map(([hash]) => hash)).toEqual([stored, stored]);
  });

  it.each(['!social', '', 'not a hash'])(
    'a stored %j is refused after a full argon2id check of the same cost, not at once',
    async (stored) => {
      expect(await verifyPassword(stored, 'granite-owl-4417')).toBe(false);
      expect(verify).toHaveBeenCalledTimes(1);
      const [against] = verify.mock.calls[0];
      expect(against).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    },
  );
});
