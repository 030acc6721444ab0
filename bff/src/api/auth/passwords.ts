import { Algorithm, hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane).
const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * Whether `password` is the one `passwordHash` was made from. A stored value that is no argon2 hash (a
 * social-only account's marker, a broken row) opens nothing, after the same work as a real check: refused at
 * once, it told by its speed which accounts have no password (30 ms against 95).
 */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (!passwordHash.startsWith('$argon2')) return burnVerify(password);
  try {
    return await verify(passwordHash, password);
  } catch {
    // a malformed stored hash opens nothing
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * Verifies against a throwaway hash with the same cost, so that an unknown e-mail takes as long to
 * refuse as a wrong password and response times do not reveal which e-mails have accounts.
 */
export async function burnVerify(password: string): Promise<false> {
  dummy ??= hash(`no account ${Math.random()}`, OPTIONS);
  await verify(await dummy, password).catch(() => false);
  return false;
}
