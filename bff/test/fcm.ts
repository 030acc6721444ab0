import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { importSPKI, jwtVerify } from 'jose';
import type { ServiceAccount } from '../src/adapters/push';

/** What our FCM sandbox was asked to send (FCM HTTP v1's `message`, as posted). */
export interface FcmMessage {
  token: string;
  notification: { title: string; body: string };
  data: Record<string, string>;
  android?: { collapse_key?: string };
  apns?: { headers?: Record<string, string> };
}

export interface FcmSandbox {
  url: string;
  /** a service account of this sandbox: its token_uri is the sandbox's, its key the one the sandbox checks */
  serviceAccount: ServiceAccount;
  sent: FcmMessage[];
  /** registration tokens FCM answers UNREGISTERED for */
  unregistered: Set<string>;
  /** how many access tokens were handed out */
  accessTokens(): number;
  /** forgets every access token handed out (as a rotated key would): the next send gets a 401 */
  revokeAccessTokens(): void;
  /** the next sends answer this status (an outage), until set back to undefined */
  failWith: number | undefined;
  /** the next sends wait (a provider slow to answer) until released; `reached` once the first is waiting */
  hold(): { reached: Promise<void>; release(): void };
  close(): Promise<void>;
}

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

function fcmError(res: http.ServerResponse, code: number, status: string, message: string, errorCode?: string) {
  const details = errorCode ? [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] : [];
  res.writeHead(code, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ error: { code, status, message, details } }));
}

/**
 * FCM's HTTP v1 api as far as the push port uses it, on loopback: Google's OAuth token endpoint for service accounts
 * (a JWT bearer grant, its RS256 signature checked against the account's key, its issuer, audience and scope) and
 * `projects/{project}/messages:send` (the bearer checked, the message recorded, UNREGISTERED for tokens marked so).
 */
export async function startFcmSandbox(): Promise<FcmSandbox> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const verifyKey = await importSPKI(publicKey, 'RS256');
  const issued = new Set<string>();
  let handedOut = 0;
  const state = { failWith: undefined as number | undefined };
  let held: { reach(): void; gate: Promise<void> } | undefined;
  const sent: FcmMessage[] = [];
  const unregistered = new Set<string>();
  const account = { project_id: 'swapstuff-test', client_email: 'push@swapstuff-test.iam.gserviceaccount.com' };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      void (async () => {
        if (req.method === 'POST' && req.url === '/token') {
          const form = new URLSearchParams(body);
          if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
            return fcmError(res, 400, 'INVALID_ARGUMENT', 'unsupported grant type');
          }
          try {
            const { payload } = await jwtVerify(form.get('assertion') ?? '', verifyKey, {
              issuer: account.client_email,
              audience: `${sandbox.url}/token`,
            });
            if (payload.scope !== SCOPE) return fcmError(res, 400, 'INVALID_ARGUMENT', 'wrong scope');
          } catch {
            return fcmError(res, 400, 'INVALID_GRANT', 'invalid JWT');
          }
          const token = `ya29.${randomBytes(16).toString('hex')}`;
          issued.add(token);
          handedOut += 1;
          res.writeHead(200, { 'Content-Type': 'application/json' });
          return res.end(JSON.stringify({ access_token: token, expires_in: 3599, token_type: 'Bearer' }));
        }
        const send = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(req.url ?? '');
        if (req.method === 'POST' && send) {
          const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
          if (!bearer || !issued.has(bearer)) return fcmError(res, 401, 'UNAUTHENTICATED', 'bad credentials');
          if (send[1] !== account.project_id) return fcmError(res, 403, 'PERMISSION_DENIED', 'not your project');
          if (state.failWith) return fcmError(res, state.failWith, 'UNAVAILABLE', 'try again later');
          if (held) {
            held.reach();
            await held.gate;
          }
          const message = (JSON.parse(body) as { message?: FcmMessage }).message;
          if (!message?.token) return fcmError(res, 400, 'INVALID_ARGUMENT', 'message.token is required');
          if (unregistered.has(message.token)) {
            return fcmError(res, 404, 'NOT_FOUND', 'Requested entity was not found.', 'UNREGISTERED');
          }
          sent.push(message);
          res.writeHead(200, { 'Content-Type': 'application/json' });
          return res.end(JSON.stringify({ name: `projects/${account.project_id}/messages/${sent.length}` }));
        }
        fcmError(res, 404, 'NOT_FOUND', 'no such route');
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sandbox: FcmSandbox = {
    url,
    serviceAccount: { ...account, private_key: privateKey, token_uri: `${url}/token` },
    sent,
    unregistered,
    accessTokens: () => handedOut,
    revokeAccessTokens: () => issued.clear(),
    hold() {
      let reach = () => {};
      let release = () => {};
      const reached = new Promise<void>((resolve) => (reach = resolve));
      const gate = new Promise<void>((resolve) => (release = resolve));
      held = { reach, gate };
      return {
        reached,
        release() {
          held = undefined;
          release();
        },
      };
    },
    get failWith() {
      return state.failWith;
    },
    set failWith(status) {
      state.failWith = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return sandbox;
}
