import { parseStaffArgs } from './cli';

describe('npm run staff -- add <email> --role <role>', () => {
  test('takes an e-mail and one of the two roles', () => {
    expect(parseStaffArgs(['add', 'ada@example.com', '--role', 'admin'])).toEqual({
      email: 'ada@example.com',
      role: 'admin',
    });
    expect(parseStaffArgs(['add', 'sue@example.com', '--role', 'support'])).toEqual({
      email: 'sue@example.com',
      role: 'support',
    });
  });

  test.each([
    [[]],
    [['add']],
    [['add', 'ada@example.com']],
    [['add', 'ada@example.com', '--role']],
    [['add', 'ada@example.com', '--role', 'user']],
    [['add', 'ada@example.com', '--role', 'root']],
    [['add', 'not-an-email', '--role', 'admin']],
    [['remove', 'ada@example.com', '--role', 'admin']],
  ])('refuses %j (the usage is printed instead)', (args) => {
    expect(parseStaffArgs(args)).toBeUndefined();
  });
});
