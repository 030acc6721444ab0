import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { endpoints, pathsOf, type AnyEndpoint } from '@swapstuff/contracts';
import type { Express } from 'express';
import pino from 'pino';
import { call, startTestApi, type TestApi } from '../../test/harness';
import { listItem, seller } from '../../test/listings';
import { gif } from '../../test/media';
import { rawRequest, type RawAnswer } from '../../test/raw-http';
import { staffMember } from '../../test/staff';
import { createApiApp, type ApiDeps } from '.';
import { createRealtime } from './realtime';

/**
 * Property: whatever body, path parameter, query or token a client sends to any endpoint of the api, the
 * answer is never a 5xx and the process still answers afterwards (findings 1 and 6 were single requests
 * that answered 500 or ended the process). Bodies are JSON of any shape and type, strings huge or full
 * of NUL bytes and unicode, garbage, and multipart forms, well-formed or cut off anywhere.
 *
 * CI runs FUZZ_RUNS (default 30) cases per endpoint from a fixed seed (FUZZ_SEED); a bigger FUZZ_RUNS
 * searches further: `FUZZ_RUNS=2000 npx jest --selectProjects integration-mysql -- fuzz`.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

interface Endpoint {
  method: string;
  path: string;
}

/** Every route the api serves, read from its router. */
function endpointsOf(app: Express): Endpoint[] {
  const found: Endpoint[] = [];
  type Layer = { route?: { path: string | string[]; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const method of Object.keys(layer.route.methods)) for (const path of paths) found.push({ method, path });
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return found;
}

/**
 * The endpoints, known before any test runs (jest names each test up front): the routes of an app built
 * only to be read, never served (its features keep their dependencies for later, so none is touched).
 */
const routesOnly: Partial<ApiDeps> = {
  dataDir: path.join(os.tmpdir(), 'swapstuff-fuzz-routes'),
  logger: pino({ level: 'silent' }),
  publicUrl: 'http://localhost:3000',
  // features register what connections may say when they are built; no connection is ever made
  realtime: createRealtime({ authenticate: async () => undefined, logger: pino({ level: 'silent' }) }),
};
const ENDPOINTS = endpointsOf(createApiApp(routesOnly as ApiDeps));

/** Field names the api reads somewhere: random values under real names reach the validators' corners. */
const FIELDS = [
  'email',
  'password',
  'confirmPassword',
  'firstName',
  'lastName',
  'username',
  'agreeToTerms',
  'fcmToken',
  'businessName',
  'businessUsername',
  'businessEmail',
  'businessEINNumber',
  'phone',
  'address',
  'city',
  'state',
  'zip',
  'street1',
  'street2',
  'country',
  'addressId',
  'token',
  'currentPassword',
  'newPassword',
  'productId',
  'productIds',
  'title',
  'price',
  'description',
  'condition',
  'category',
  'subCategory',
  'is_buyable',
  'length',
  'width',
  'height',
  'pounds',
  'ounces',
  'sizeUnit',
  'reasonId',
  'reason',
  'question',
  'answer',
  'questionId',
  'search',
  'keyword',
  'limit',
  'perPage',
  'pageNumber',
  'sort',
  'type',
  'fetchcategories',
  'q',
  'id',
];

/** Strings that fit in a URL (Node refuses request heads over 16 KB itself, with 431). */
const awkwardShort = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 8 }).map((s) => `${s}\u0000${s}`),
  fc.constantFrom('', ' ', '0', '-1', '1e309', 'NaN', 'null', 'true', '[]', '{}', '%00', '../../etc/passwd', '\u202e'),
);

const awkward = fc.oneof(
  awkwardShort,
  fc.integer({ min: 20_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
);

const value: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  awkward,
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, false, 1, 2147483648, -1, 1e308, 0.1),
);

const jsonBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 8 }),
  fc.anything({ maxDepth: 3 }),
  fc.constantFrom({ __proto__: { admin: true } }, { constructor: { prototype: { x: 1 } } }, [], 'text', 7),
);

interface Request {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

const BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW';

function multipart(parts: Array<{ name: string; file?: string; data: Buffer }>, cutAt: number | null): Buffer {
  const chunks = parts.map(({ name, file, data }) =>
    Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"` : ''}\r\n` +
          (file ? 'Content-Type: application/octet-stream\r\n' : '') +
          '\r\n',
      ),
      data,
      Buffer.from('\r\n'),
    ]),
  );
  const whole = Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)]);
  return cutAt === null ? whole : whole.subarray(0, Math.floor(whole.length * cutAt));
}

let photo: Buffer;

const multipartBody = fc
  .tuple(
    fc.array(
      fc.record({
        name: fc.oneof(
          fc.constantFrom(...FIELDS, 'images[0]', 'images[1]', 'videos[0]', 'images', 'images[99999]'),
          fc.string(),
        ),
        file: fc.option(fc.constantFrom('a.jpg', 'b.gif', 'c.mp4', 'x.exe', '', '../../x.png'), { nil: undefined }),
        data: fc.oneof(
          fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
          awkward.map((s) => Buffer.from(s)),
          fc.constant(null).map(() => photo),
        ),
      }),
      { maxLength: 12 },
    ),
    fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
  )
  .map(([parts, cutAt]) => multipart(parts, cutAt));

/** A path parameter: a real id, or anything else. */
const param = (real: () => number) =>
  fc.oneof(
    fc.constant(null).map(() => String(real())),
    fc.integer().map(String),
    fc.constantFrom('0', '-1', '1.5', '1e3', '99999999999999999999', 'abc', '%00', '%FF', '..', 'null', '%E2%80%AE'),
    fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype'),
    fc.string({ maxLength: 30 }).map(encodeURIComponent),
  );

let api: TestApi;
let token: string;
/** the staff endpoints' own: an admin's staff sign-in, so that their handlers, not only the 404, are fuzzed */
let staffToken: string;
let ownListing: number;
let ownAddress: number;
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onRejection);
  api = await startTestApi();
  photo = await gif(20, 20);
  const owner = await seller(api, 'fuzz_owner');
  token = owner.token;
  ownAddress = owner.address.id;
  ownListing = await listItem(api, owner);
  staffToken = (await staffMember(api, 'fuzz_admin', 'admin')).token;
});
afterAll(async () => {
  process.off('unhandledRejection', onRejection);
  await api.close();
});

const STAFF_PATHS = new Set(
  (Object.values(endpoints) as AnyEndpoint[])
    .filter((e) => e.auth === 'staff-factor' || e.auth === 'support' || e.auth === 'admin')
    .flatMap(pathsOf),
);

/** Logging out revokes the token it is sent with: those routes get a token of their own each time. */
const revokes = (path: string) => path.includes('logout');

async function freshToken(): Promise<string> {
  const signIn = await call<{ token: string }>(api.url, 'POST', '/api/signin', {
    body: { email: 'fuzz_owner@example.com', password: 'listing-pass-1' },
  });
  if (signIn.status !== 200) throw new Error(`sign-in for a fresh token: ${signIn.status}`);
  return signIn.body.Content.token;
}

function requestOf(endpoint: Endpoint): fc.Arbitrary<Request> {
  const params = [...endpoint.path.matchAll(/:(\w+)/g)].map(([, name]) =>
    param(() => (name === 'addressId' ? ownAddress : ownListing)),
  );
  const body = fc.oneof(
    jsonBody.map((json) => ({ type: 'application/json', data: Buffer.from(JSON.stringify(json) ?? 'null') })),
    fc
      .string({ unit: 'binary', maxLength: 300 })
      .map((text) => ({ type: 'application/json', data: Buffer.from(text) })),
    fc
      .json()
      .map((text) => ({ type: 'application/json', data: Buffer.from(text.slice(0, Math.ceil(text.length / 2))) })),
    multipartBody.map((data) => ({ type: `multipart/form-data; boundary=${BOUNDARY}`, data })),
    fc
      .constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/mixed; boundary=x',
        'multipart/form-data',
      )
      .chain((type) => fc.uint8Array({ maxLength: 500 }).map((bytes) => ({ type, data: Buffer.from(bytes) }))),
  );
  const query = fc.dictionary(fc.constantFrom(...FIELDS), awkwardShort, { maxKeys: 4 });
  const auth = fc.constantFrom('own', 'own', 'own', 'none', 'garbage');
  return fc.tuple(fc.tuple(...params), body, query, auth).map(([values, payload, q, who]) => {
    let i = 0;
    const path = endpoint.path.replace(/:(\w+)/g, () => values[i++]);
    const search = new URLSearchParams(q).toString();
    const headers: Record<string, string> = {};
    if (who === 'own') headers.Authorization = 'Bearer <own>';
    if (who === 'garbage') headers.Authorization = 'Bearer \u0000garbage';
    const sendsBody = endpoint.method !== 'get';
    if (sendsBody) headers['Content-Type'] = payload.type;
    return {
      method: endpoint.method.toUpperCase(),
      path: search ? `${path}?${search}` : path,
      headers,
      body: sendsBody ? payload.data : undefined,
    };
  });
}

async function send(request: Request, path: string): Promise<RawAnswer> {
  const headers: Record<string, string | number> = { ...request.headers };
  if (headers.Authorization === 'Bearer <own>') {
    const own = STAFF_PATHS.has(path) ? staffToken : revokes(path) ? await freshToken() : token;
    headers.Authorization = `Bearer ${own}`;
  }
  if (headers.Authorization === 'Bearer \u0000garbage') headers.Authorization = 'Bearer garbage%00';
  if (request.body) headers['Content-Length'] = request.body.length;
  return rawRequest(api.url, request.method, request.path, headers, request.body ? [request.body] : []);
}

describe('fuzzing every endpoint of the api', () => {
  it('finds the routes to fuzz: the same as the served app has', () => {
    expect(ENDPOINTS.length).toBeGreaterThan(50);
    expect(endpointsOf(api.app)).toEqual(ENDPOINTS);
  });

  it.each(ENDPOINTS.map((e) => [`${e.method.toUpperCase()} ${e.path}`, e] as const))(
    '%s never answers 5xx',
    async (_name, endpoint) => {
      // each endpoint its own sequence of cases, the same in every run
      const seed = SEED + ENDPOINTS.indexOf(endpoint);
      await fc.assert(
        fc.asyncProperty(requestOf(endpoint), async (request) => {
          const answer = await send(request, endpoint.path);
          if (answer.status >= 500) {
            throw new Error(
              `${request.method} ${request.path} answered ${answer.status}: ${answer.text.slice(0, 300)}`,
            );
          }
        }),
        { numRuns: RUNS, seed, endOnFailure: true },
      );
      expect((await call(api.url, 'GET', '/healthz')).status).toBe(200);
      expect(rejections).toEqual([]);
    },
    120_000,
  );
});
