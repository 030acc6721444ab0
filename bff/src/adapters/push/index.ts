/**
 * The push port (issue 16): a notification to one device. A device's push token is either an FCM registration token
 * (the apps) or, from a browser, its Web Push subscription as JSON (docs/decisions.md, "The browser's push token").
 * FCM tokens go through FCM's HTTP v1 api with a service account; subscriptions through the Web Push protocol with
 * the site's VAPID keys. Whatever is not configured is recorded instead, as the offline default: one JSON file per
 * push in `${dataDir}/push/`, saying what would have been sent and through which service.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { importPKCS8, SignJWT } from 'jose';
import webpush from 'web-push';

export interface PushMessage {
  /** the device's push token */
  token: string;
  title: string;
  body: string;
  /** where opening it leads (a path of the site) */
  link: string;
  /** the notification's id: a push sent again (a retried job) replaces the first on the device rather than adds */
  tag: string;
}

/** `gone`: the service says the token is no longer valid (the app was removed, the subscription ended). */
export type PushOutcome = 'sent' | 'gone';

export interface PushPort {
  send(message: PushMessage): Promise<PushOutcome>;
}

/** A Google service account's key file, as Firebase's console hands it out (the fields FCM needs). */
export interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  /** https://oauth2.googleapis.com/token, or a sandbox's */
  token_uri: string;
}

export interface FcmSettings {
  serviceAccount: ServiceAccount;
  /** https://fcm.googleapis.com, or a sandbox's */
  url?: string;
}

export interface WebPushSettings {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact for the push services */
  subject: string;
}

/** Web Push subscriptions are JSON objects with an endpoint; anything else is an FCM registration token. */
export const isWebSubscription = (token: string) => token.trimStart().startsWith('{');

const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** how long before its expiry an access token is asked for anew */
const RENEW_BEFORE_MS = 60_000;
/** how long a push service keeps a push for a device that is away */
const TTL_SECONDS = 24 * 3600;

/** FCM's HTTP v1 api: an OAuth access token from the service account (a signed JWT), then messages:send. */
export function fcmPush({ serviceAccount, url = 'https://fcm.googleapis.com' }: FcmSettings): PushPort {
  let access: { token: string; expiresAt: number } | undefined;
  const accessToken = async (): Promise<string> => {
    if (access && access.expiresAt - RENEW_BEFORE_MS > Date.now()) return access.token;
    const key = await importPKCS8(serviceAccount.private_key, 'RS256');
    const assertion = await new SignJWT({ scope: FCM_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(serviceAccount.client_email)
      .setAudience(serviceAccount.token_uri)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    const res = await fetch(serviceAccount.token_uri, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
    });
    if (!res.ok) throw new Error(`FCM access token: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    access = { token: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return access.token;
  };

  const post = async (message: PushMessage) =>
    fetch(`${url}/v1/projects/${encodeURIComponent(serviceAccount.project_id)}/messages:send`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await accessToken()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        message: {
          token: message.token,
          notification: { title: message.title, body: message.body },
          data: { link: message.link, tag: message.tag },
          android: { collapse_key: message.tag },
          apns: { headers: { 'apns-collapse-id': message.tag } },
        },
      }),
    });

  return {
    async send(message) {
      let res = await post(message);
      if (res.status === 401) {
        // revoked or rotated before its time: one new token, one more try
        access = undefined;
        res = await post(message);
      }
      if (res.ok) return 'sent';
      const error = ((await res.json().catch(() => ({}))) as FcmError).error;
      const codes = (error?.details ?? []).map((d) => d.errorCode);
      if (codes.includes('UNREGISTERED') || (res.status === 400 && codes.includes('INVALID_ARGUMENT'))) return 'gone';
      throw new Error(`FCM send: ${res.status} ${error?.status ?? ''} ${error?.message ?? ''}`.trim());
    },
  };
}

interface FcmError {
  error?: { code: number; status: string; message: string; details?: { errorCode?: string }[] };
}

/** The Web Push protocol (RFC 8030, encrypted per RFC 8291, VAPID per RFC 8292), through the web-push library. */
export function webPushSender({ publicKey, privateKey, subject }: WebPushSettings): PushPort {
  return {
    async send(message) {
      const subscription = JSON.parse(message.token) as webpush.PushSubscription;
      const payload = JSON.stringify({
        title: message.title,
        body: message.body,
        link: message.link,
        tag: message.tag,
      });
      try {
        await webpush.sendNotification(subscription, payload, {
          TTL: TTL_SECONDS,
          vapidDetails: { subject, publicKey, privateKey },
          contentEncoding: 'aes128gcm',
        });
        return 'sent';
      } catch (err) {
        // 404 and 410: the subscription expired or was withdrawn
        if (err instanceof webpush.WebPushError && (err.statusCode === 404 || err.statusCode === 410)) return 'gone';
        throw err;
      }
    },
  };
}

/** The offline default: what would have been sent, and through which service, as `${dataDir}/push/*.json`. */
export function recordingPush(dataDir: string, via: 'fcm' | 'web-push'): PushPort {
  const dir = path.join(dataDir, 'push');
  return {
    async send(message) {
      await fs.mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
      await fs.writeFile(path.join(dir, name), JSON.stringify({ via, ...message, date: new Date().toISOString() }));
      return 'sent';
    },
  };
}

export interface PushOptions {
  fcm?: FcmSettings;
  webPush?: WebPushSettings;
  dataDir: string;
}

/** Each token to the service it belongs to: configured, or recorded. */
export function createPush({ fcm, webPush, dataDir }: PushOptions): PushPort {
  const apps = fcm ? fcmPush(fcm) : recordingPush(dataDir, 'fcm');
  const browsers = webPush ? webPushSender(webPush) : recordingPush(dataDir, 'web-push');
  return {
    send: (message) => (isWebSubscription(message.token) ? browsers : apps).send(message),
  };
}
