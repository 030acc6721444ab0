import { validate } from '@readme/openapi-parser';
import { endpoints, messages, pathsOf, type AnyEndpoint } from '@swapstuff/contracts';
import { startTestApi, type TestApi } from '../../../test/harness';
import { staffMember, type StaffMember } from '../../../test/staff';

/**
 * The endpoint table (contracts' endpoints.ts) and the api agree: every entry is served, every route the
 * api has is an entry, and the OpenAPI document written from them is valid OpenAPI 3.1.
 */
let api: TestApi;
/** staff endpoints answer anyone else as an unknown path would: they are called as an admin */
let admin: StaffMember;
beforeAll(async () => {
  api = await startTestApi();
  admin = await staffMember(api, 'ada_routes', 'admin');
});
afterAll(() => api.close());

/** What the api serves that is not an endpoint of the table (and why). */
const OUTSIDE_THE_TABLE = [
  // the load balancer's, not a client's
  'GET /healthz',
  'GET /readyz',
  // the reference page's own script (its other assets are static files)
  'GET /api/docs/assets/reference.js',
  // the payment provider's (Stripe's event format, signed), not a client's
  'POST /api/payments/webhook',
  // the carrier service's (Shippo's track_updated, signed), not a client's
  'POST /api/shipping/webhook',
];

interface Layer {
  name: string;
  rawPath?: string;
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
}

/** `METHOD path` of every route of the Express app, and the paths of what is mounted without a route. */
function expressRoutes(stack: Layer[]): { routes: string[]; mounts: string[] } {
  const routes: string[] = [];
  const mounts: string[] = [];
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const method of Object.keys(layer.route.methods)) {
        for (const path of paths) routes.push(`${method.toUpperCase()} ${path}`);
      }
    } else if (layer.name === 'router' && layer.handle.stack) {
      const inner = expressRoutes(layer.handle.stack);
      routes.push(...inner.routes);
      mounts.push(...inner.mounts);
    } else if (layer.rawPath && layer.rawPath !== '/') {
      mounts.push(layer.rawPath);
    }
  }
  return { routes, mounts };
}

const tableRoutes = (Object.values(endpoints) as AnyEndpoint[]).flatMap((e) =>
  pathsOf(e).map((path) => `${e.method} ${path}`),
);
const staffOnly = new Set(
  (Object.values(endpoints) as AnyEndpoint[])
    .filter((e) => e.auth === 'staff-factor' || e.auth === 'support' || e.auth === 'admin')
    .flatMap((e) => pathsOf(e).map((path) => `${e.method} ${path}`)),
);

it('serves every route of the table, and no route that is not in it', () => {
  const { routes, mounts } = expressRoutes((api.app as unknown as { router: { stack: Layer[] } }).router.stack);
  expect(new Set(routes).size).toBe(routes.length);
  expect(routes.filter((r) => !OUTSIDE_THE_TABLE.includes(r)).sort()).toEqual([...tableRoutes].sort());
  // static files only: uploads and seed media, and the reference page's assets
  expect(mounts.sort()).toEqual(['/api/docs/assets', '/media', '/media/images', '/media/products', '/media/videos']);
});

it.each(tableRoutes)('%s answers as its endpoint, not as an unknown path', async (route) => {
  const [method, path] = route.split(' ');
  const res = await fetch(`${api.url}${path.replace(/:\w+/g, '1')}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(staffOnly.has(route) ? { Authorization: `Bearer ${admin.token}` } : {}),
    },
    body: method === 'GET' ? undefined : '{}',
  });
  const unknown =
    res.status === 404 &&
    res.headers.get('content-type')?.startsWith('application/json') &&
    ((await res.json()) as { Description: string }).Description === messages.notFound;
  expect({ route, unknown }).toEqual({ route, unknown: false });
});

it('describes the api as a valid OpenAPI 3.1 document, with every path of the table', async () => {
  const res = await fetch(`${api.url}/api/openapi.json`);
  expect(res.status).toBe(200);
  const document = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
  expect(document.openapi).toBe('3.1.0');
  const validation = await validate(structuredClone(document) as never);
  // the errors, when there are any, say what is wrong
  expect(validation.valid ? [] : validation.errors).toEqual([]);
  const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
  );
  expect(documented.sort()).toEqual([...tableRoutes].sort());
  // answers are typed: a search answers a page of listings
  const search = document.paths['/api/webgetproducts'].post as {
    responses: Record<string, { content: Record<string, { schema: { properties: { Content: unknown } } }> }>;
  };
  expect(search.responses['2XX'].content['application/json'].schema.properties.Content).toEqual({
    $ref: '#/components/schemas/ProductPage',
  });
});

it('renders the reference page from our own origin', async () => {
  const res = await fetch(`${api.url}/api/docs`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await res.text();
  const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
  expect(sources.length).toBeGreaterThanOrEqual(3);
  for (const source of sources) {
    expect(source).toMatch(/^\/api\/docs\/assets\//);
    const asset = await fetch(`${api.url}${source}`);
    expect({ source, status: asset.status }).toEqual({ source, status: 200 });
  }
});
