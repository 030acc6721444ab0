import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from './config';
import { serversOf } from './main';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'swapstuff-config-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 's', ...env });

describe('shipping', () => {
  it('plays Shippo with our sandbox by default, on port 3003, with a webhook secret shared through DATA_DIR', () => {
    const config = load();
    expect(config.shipping).toEqual({ sandbox: true, shippo: undefined });
    const secret = readFileSync(path.join(dataDir, 'shippo-webhook-secret'), 'utf8');
    expect(secret).toMatch(/^whsec_[\w-]{40,}$/);
    expect(statSync(path.join(dataDir, 'shippo-webhook-secret')).mode & 0o777).toBe(0o600);
    expect(config.shippoSandbox).toEqual({
      port: 3003,
      url: 'http://127.0.0.1:3003',
      // browsers reach it through the gateway (the sandbox listens on loopback)
      publicUrl: 'http://localhost:3000/providers/shippo',
      token: readFileSync(path.join(dataDir, 'shippo-sandbox-secret'), 'utf8'),
      webhookSecret: secret,
      stateFile: path.join(dataDir, 'shippo-sandbox.json'),
    });
    // the api and the sandbox, two processes, load the same secret; Stripe's is another
    expect(load().shippoSandbox.webhookSecret).toBe(secret);
    expect(config.payments.webhookSecret).not.toBe(secret);
  });

  it('takes the sandbox’s port, addresses and webhook secret from the environment', () => {
    const config = load({
      SHIPPO_SANDBOX_PORT: '4003',
      SHIPPO_SANDBOX_URL: 'http://carrier.internal:4003/',
      SHIPPO_SANDBOX_PUBLIC_URL: 'https://carrier.example.com//',
      SHIPPO_WEBHOOK_SECRET: 'whsec_given',
    });
    expect(config.shippoSandbox).toMatchObject({
      port: 4003,
      url: 'http://carrier.internal:4003',
      publicUrl: 'https://carrier.example.com',
      webhookSecret: 'whsec_given',
    });
    expect(load({ SHIPPO_SANDBOX_PORT: '4004', PUBLIC_URL: 'https://swap.example/' }).shippoSandbox).toMatchObject({
      url: 'http://127.0.0.1:4004',
      publicUrl: 'https://swap.example/providers/shippo',
    });
    expect(() => load({ SHIPPO_SANDBOX_PORT: 'x' })).toThrow(/SHIPPO_SANDBOX_PORT/);
  });

  it('talks to Shippo itself with SHIPPO_API_TOKEN, whose webhooks need SHIPPO_WEBHOOK_SECRET', () => {
    expect(() => load({ SHIPPO_API_TOKEN: 'shippo_live_x' })).toThrow(
      'SHIPPO_API_TOKEN is set, so SHIPPO_WEBHOOK_SECRET must be set too',
    );
    const config = load({ SHIPPO_API_TOKEN: 'shippo_live_x', SHIPPO_WEBHOOK_SECRET: 'whsec_shippo' });
    expect(config.shipping).toEqual({
      sandbox: false,
      shippo: { apiToken: 'shippo_live_x', webhookSecret: 'whsec_shippo' },
    });
    expect(() => readFileSync(path.join(dataDir, 'shippo-webhook-secret'))).toThrow();
  });
});

describe('push', () => {
  it('records pushes unless configured; FCM by a service account (file or JSON), Web Push by its three settings', () => {
    expect(load().push).toEqual({ fcm: undefined, webPush: undefined });
    const account = { project_id: 'p', client_email: 'e@p.iam', private_key: 'k', token_uri: 'https://t' };
    const file = path.join(dataDir, 'service-account.json');
    writeFileSync(file, JSON.stringify(account));
    expect(load({ FCM_SERVICE_ACCOUNT: file }).push.fcm).toEqual({ serviceAccount: account, url: undefined });
    expect(load({ FCM_SERVICE_ACCOUNT: JSON.stringify(account), FCM_URL: 'http://fcm.test' }).push.fcm).toEqual({
      serviceAccount: account,
      url: 'http://fcm.test',
    });
    expect(() => load({ WEB_PUSH_PUBLIC_KEY: 'pub' })).toThrow(
      'WEB_PUSH_PUBLIC_KEY is set, so WEB_PUSH_PRIVATE_KEY must be set too',
    );
    expect(
      load({ WEB_PUSH_PUBLIC_KEY: 'pub', WEB_PUSH_PRIVATE_KEY: 'priv', WEB_PUSH_SUBJECT: 'mailto:a@b.c' }).push.webPush,
    ).toEqual({ publicKey: 'pub', privateKey: 'priv', subject: 'mailto:a@b.c' });
  });
});

describe('roles', () => {
  it('runs the Shippo sandbox as a process of its own under `npm start`, unless Shippo is configured', () => {
    expect(serversOf(load())).toEqual(['api', 'gateway', 'stripe-sandbox', 'shippo-sandbox']);
    expect(serversOf(load({ SHIPPO_API_TOKEN: 't', SHIPPO_WEBHOOK_SECRET: 'w' }))).toEqual([
      'api',
      'gateway',
      'stripe-sandbox',
    ]);
    expect(
      serversOf(
        load({
          SHIPPO_API_TOKEN: 't',
          SHIPPO_WEBHOOK_SECRET: 'w',
          STRIPE_SECRET_KEY: 'sk',
          STRIPE_PUBLISHABLE_KEY: 'pk',
          STRIPE_WEBHOOK_SECRET: 'whsec',
        }),
      ),
    ).toEqual(['api', 'gateway']);
    expect(serversOf(load({ ROLE: 'shippo-sandbox' }))).toEqual(['shippo-sandbox']);
    expect(() => load({ ROLE: 'carrier' })).toThrow(
      'ROLE must be all, api, gateway, stripe-sandbox, shippo-sandbox, oidc-sandbox, got "carrier"',
    );
  });

  it('runs the identity sandbox as a process of its own with SOCIAL_SANDBOX=1, and only then', () => {
    expect(serversOf(load({ SOCIAL_SANDBOX: '1' }))).toEqual([
      'api',
      'gateway',
      'stripe-sandbox',
      'shippo-sandbox',
      'oidc-sandbox',
    ]);
    expect(serversOf(load({ ROLE: 'oidc-sandbox' }))).toEqual(['oidc-sandbox']);
  });
});

describe('social sign-in', () => {
  it('has no provider configured by default', () => {
    const config = load();
    expect(config.identity).toEqual({});
    expect(config.oidcSandbox.enabled).toBe(false);
    expect(() => readFileSync(path.join(dataDir, 'oidc-client-secret'))).toThrow();
  });

  it('has the sandbox play Google with SOCIAL_SANDBOX=1, the client secret shared through DATA_DIR', () => {
    const config = load({ SOCIAL_SANDBOX: '1', OIDC_SANDBOX_PORT: '4555', PUBLIC_URL: 'https://swap.example/' });
    const secret = readFileSync(path.join(dataDir, 'oidc-client-secret'), 'utf8');
    expect(secret).toMatch(/^[\w-]{40,}$/);
    expect(config.oidcSandbox).toEqual({
      enabled: true,
      port: 4555,
      publicUrl: 'http://localhost:4555',
      clientId: 'swapstuff-web',
      clientSecret: secret,
      redirectUri: 'https://swap.example/login-web/callback',
    });
    expect(config.identity).toEqual({
      google: { issuer: 'http://localhost:4555', clientId: 'swapstuff-web', clientSecret: secret, appClientIds: [] },
    });
    // a second process (the sandbox, the gateway) reads the same secret
    expect(load({ SOCIAL_SANDBOX: '1' }).oidcSandbox.clientSecret).toBe(secret);
  });

  it('takes the real providers from SOCIAL_<PROVIDER>_*, and refuses the sandbox beside a real Google', () => {
    const google = {
      SOCIAL_GOOGLE_ISSUER: 'https://accounts.google.com',
      SOCIAL_GOOGLE_CLIENT_ID: 'web.apps.googleusercontent.com',
      SOCIAL_GOOGLE_CLIENT_SECRET: 'GOCSPX-x',
      SOCIAL_GOOGLE_APP_CLIENT_IDS: 'ios.apps, android.apps',
    };
    expect(load(google).identity).toEqual({
      google: {
        issuer: 'https://accounts.google.com',
        clientId: 'web.apps.googleusercontent.com',
        clientSecret: 'GOCSPX-x',
        appClientIds: ['ios.apps', 'android.apps'],
      },
    });
    expect(() => load({ ...google, SOCIAL_SANDBOX: '1' })).toThrow(/SOCIAL_SANDBOX=1 plays Google/);
  });
});

describe('the providers’ sandboxes (issue 32, finding 2)', () => {
  it('have keys of their own per install, kept in DATA_DIR beside the other secrets, never a fixed one', () => {
    const config = load();
    expect(config.stripeSandbox.secretKey).toMatch(/^sk_test_[\w-]{40,}$/);
    expect(config.shippoSandbox.token).toMatch(/^shippo_test_[\w-]{40,}$/);
    expect(readFileSync(path.join(dataDir, 'stripe-sandbox-secret'), 'utf8')).toBe(config.stripeSandbox.secretKey);
    expect(statSync(path.join(dataDir, 'stripe-sandbox-secret')).mode & 0o777).toBe(0o600);
    // every process of the install reads the same; another install has its own
    expect(load().stripeSandbox.secretKey).toBe(config.stripeSandbox.secretKey);
    const other = mkdtempSync(path.join(os.tmpdir(), 'swapstuff-config-'));
    try {
      expect(loadConfig({ DATA_DIR: other, SESSION_SECRET: 's' }).stripeSandbox.secretKey).not.toBe(
        config.stripeSandbox.secretKey,
      );
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('are refused in production, the message naming the settings, unless SWAPSTUFF_DEMO=1 says it is a demo', () => {
    expect(() => load({ NODE_ENV: 'production', SOCIAL_SANDBOX: '1' })).toThrow(
      "NODE_ENV=production runs no provider's sandbox: set payments: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, " +
        'STRIPE_WEBHOOK_SECRET; shipping: SHIPPO_API_TOKEN, SHIPPO_WEBHOOK_SECRET; social sign-in: SOCIAL_GOOGLE_* ' +
        'instead of SOCIAL_SANDBOX=1. For a demo, where no money moves and no parcel is sent, set SWAPSTUFF_DEMO=1.',
    );
    const providers = {
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      SHIPPO_API_TOKEN: 'shippo_live_x',
      SHIPPO_WEBHOOK_SECRET: 'whsec_y',
    };
    expect(() => load({ NODE_ENV: 'production', ...providers, SHIPPO_API_TOKEN: '' })).toThrow(
      "NODE_ENV=production runs no provider's sandbox: set shipping: SHIPPO_API_TOKEN, SHIPPO_WEBHOOK_SECRET.",
    );
    expect(serversOf(load({ NODE_ENV: 'production', ...providers }))).toEqual(['api', 'gateway']);
    expect(serversOf(load({ NODE_ENV: 'production', SWAPSTUFF_DEMO: '1' }))).toEqual([
      'api',
      'gateway',
      'stripe-sandbox',
      'shippo-sandbox',
    ]);
  });

  it('never run the identity sandbox in production, a demo included: it signs anyone in as anyone', () => {
    expect(() => load({ NODE_ENV: 'production', SWAPSTUFF_DEMO: '1', SOCIAL_SANDBOX: '1' })).toThrow(
      "NODE_ENV=production runs no provider's sandbox: set social sign-in: SOCIAL_GOOGLE_* instead of " +
        'SOCIAL_SANDBOX=1. A demo too runs no identity sandbox: it signs anyone in as anyone.',
    );
  });
});
