import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: bearer tokens and reset links. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored; the secret itself exists only in the client's hands. */
export function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
