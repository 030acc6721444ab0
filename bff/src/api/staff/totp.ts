import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import QRCode from 'qrcode';

/**
 * The second factor of a staff sign-in: time-based one-time codes (RFC 6238: 6 digits, 30-second steps,
 * SHA-1, the parameters every authenticator app uses) from a secret the app and the api share. The api keeps
 * the secret encrypted under its staff key, so that a copy of the database alone opens no staff account.
 */

const ISSUER = 'Swapstuff';
/** A code of the step before or after the server's also passes: a phone's clock may be some seconds off. */
const STEPS_OF_DRIFT = 1;

export interface Enrolment {
  /** base32, for typing into an app that cannot scan */
  secret: string;
  /** the otpauth:// URI the QR code holds */
  uri: string;
  /** the QR code, an SVG as a data URL for an <img> */
  qr: string;
}

export async function newEnrolment(label: string): Promise<Enrolment> {
  const secret = generateSecret();
  const uri = generateURI({ issuer: ISSUER, label, secret });
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The time step a six-digit code is good for, when it is later than `afterStep` (a code is accepted once: the
 * caller keeps the step it returns), or undefined.
 */
export function acceptedStep(secret: string, code: string, afterStep: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = verifySync({ secret, token: code, epochTolerance: 30 * STEPS_OF_DRIFT, afterTimeStep: afterStep });
  // the functional api answers for HOTP and TOTP alike: only a TOTP result carries its step
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/** AES-256-GCM under a key derived from the api's staff key: iv, tag and ciphertext in one base64url string. */
export function sealSecret(staffKey: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(staffKey), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

export function openSecret(staffKey: string, stored: string): string {
  const raw = Buffer.from(stored, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(staffKey), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

const keyOf = (staffKey: string) => createHash('sha256').update(`staff-totp:${staffKey}`).digest();
