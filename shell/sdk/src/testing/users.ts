import type { User } from '@swapstuff/contracts';

/** A signed-in individual as the api answers one: Ada Lovelace, id 7 unless `changes` say otherwise. */
export function testUser(changes: Partial<User> = {}): User {
  return {
    id: 7,
    customer_id: null,
    avatar: null,
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    username: 'ada',
    phone_no: null,
    is_business: 0,
    role: 'user',
    ...changes,
  };
}
