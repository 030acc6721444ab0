import { Algorithm, hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane).
const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
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
  await verifyPassword(await dummy, password);
  return false;
}
