import diagnostics from 'node:diagnostics_channel';
import { promises as fs } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { ITEM_MAIN_PHOTO_SIZES, endpoints, photoSources, type Product } from '@swapstuff/contracts';
import { call, startTestApi, type TestApi } from '../../test/harness';
import { listItem, seller } from '../../test/listings';
import { loadConfig } from '../config';
import { createGatewayApp, type GatewayApp } from '.';
import { MAX_RENDERS_IN_FLIGHT } from './first-view';

/**
 * The page each browser route answers (issue 11, acceptance 3): a shared listing's link unfurls with no
 * JavaScript, a route no one renders and a listing no one may see answer 404 with the shell, and every
 * page preloads what its remote will ask for. A real api on a test database; a shell and two remote
 * builds written here as their builds write them.
 */

const PUBLIC_URL = 'https://swapstuff.example';
/** index.html as the shell's production build writes it (build/index.html, minified). */
const INDEX_HTML =
  '<!doctype html><html lang=en><head><meta charset=utf-8>' +
  '<meta name=viewport content="width=device-width,initial-scale=1">' +
  '<meta name=description content="Swapstuff: buy, sell and swap what you own.">' +
  '<title>Swapstuff</title><script defer src=/main.js?abc123></script></head>' +
  '<body><noscript>Swapstuff needs JavaScript to run.</noscript><div id=root></div></body></html>';

const catalogPages = {
  home: { paths: ['/', '/home'] },
  search: { paths: ['/search', '/search/:categoryId', '/search/:categoryId/:keyword'] },
  itemDetail: { paths: ['/item-detail/:id'] },
};
const swapsPages = { swapRequests: { paths: ['/swap-requests'], needsLogin: true } };
const manifestOf = (name: string, pages: unknown) =>
  JSON.stringify({
    id: name,
    name,
    metaData: {
      name,
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      publicPath: 'auto',
      swapstuff: { pages },
    },
    exposes: [],
  });

let api: TestApi;
let gateway: GatewayApp;
let server: http.Server;
let base: string;
let scratch: string;
let shellDist: string;
let owner: Awaited<ReturnType<typeof seller>>;
let listingId: number;
/** Between the gateway and the api: counts the TCP connections the gateway opens to it. */
let relay: net.Server;
let apiConnections = 0;

/** A page as a crawler or a chat app's unfurler fetches it: HTML, no JavaScript, no cookie. */
async function page(urlPath: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${urlPath}`, { headers: { Accept: 'text/html', ...headers } });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

const unescape = (text: string) =>
  text.replace(
    /&(amp|lt|gt|quot|#39);/g,
    (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!,
  );

/** The content of every <meta> with that property or name, unescaped as a parser would. */
function metaContent(html: string, key: string): string[] {
  const pattern = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`, 'g');
  return [...html.matchAll(pattern)].map((match) => unescape(match[1]));
}

/** The registry the page carries for the shell (contracts' PAGE_DATA.registry). */
function registryIn(html: string): unknown {
  const [, json] = /<script type="application\/json" id="mf-registry">(.*?)<\/script>/.exec(html) ?? [];
  return json === undefined ? undefined : JSON.parse(json);
}

const preloads = (html: string) => [...html.matchAll(/<link rel="(?:preload|modulepreload)"[^>]*>/g)].map((m) => m[0]);

beforeAll(async () => {
  api = await startTestApi({ publicUrl: PUBLIC_URL });
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'swapstuff-shell-page-'));
  await fs.writeFile(
    path.join(scratch, 'remotes.json'),
    JSON.stringify({ mfe_catalog: { version: '0.1.0' }, mfe_swaps: { version: '0.2.0' } }),
  );
  shellDist = path.join(scratch, 'shell', 'dist');
  await fs.mkdir(shellDist, { recursive: true });
  await fs.writeFile(path.join(shellDist, 'index.html'), INDEX_HTML);
  for (const [dir, name, version, pages] of [
    ['mfe-catalog', 'mfe_catalog', '0.1.0', catalogPages],
    ['mfe-swaps', 'mfe_swaps', '0.2.0', swapsPages],
  ] as const) {
    const dist = path.join(scratch, dir, 'dist', version);
    await fs.mkdir(dist, { recursive: true });
    await fs.writeFile(path.join(dist, 'mf-manifest.json'), manifestOf(name, pages));
  }

  const apiPort = Number(new URL(api.url).port);
  relay = net.createServer((client) => {
    apiConnections += 1;
    const upstream = net.connect(apiPort, '127.0.0.1');
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;

  const config = {
    ...loadConfig({
      DATA_DIR: api.dataDir,
      SESSION_SECRET: 'integration-test-secret',
      MF_REGISTRY: path.join(scratch, 'remotes.json'),
      PUBLIC_URL,
    }),
    repoRoot: scratch,
    shellDist,
  };
  gateway = createGatewayApp({ db: api.db, apiUrl: relayUrl, config, logger: pino({ level: 'silent' }) });
  server = http.createServer(gateway);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  owner = await seller(api, `sharer_${Date.now().toString(36)}`);
  listingId = await listItem(api, owner, {
    price: '1450.5',
    is_buyable: '1',
    length: '10',
    width: '10',
    height: '10',
    pounds: '5',
  });
  // whatever a title or description holds (older data, another client) must never end the attribute
  // or the head it is written in
  await api
    .db('products')
    .where({ id: listingId })
    .update({ title: 'Oak "<script>chair', description: 'Solid oak & "ready" </title><script>alert(1)</script>' });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  gateway.closeGateway();
  await new Promise((resolve) => relay.close(resolve));
  await api.close();
  await fs.rm(scratch, { recursive: true, force: true });
});

describe('a shared listing link, fetched with no JavaScript', () => {
  it('unfurls: title, description with the price, absolute photo, price tags, card, canonical', async () => {
    const { status, html, headers } = await page(`/item-detail/${listingId}`);
    expect(status).toBe(200);
    const canonical = `${PUBLIC_URL}/item-detail/${listingId}`;

    expect(metaContent(html, 'og:title')).toEqual(['Oak "<script>chair']);
    const [description] = metaContent(html, 'og:description');
    expect(description).toBe('$1,450.50 in Austin, Texas: Solid oak & "ready" </title><script>alert(1)</script>');
    expect(metaContent(html, 'description')).toEqual([description]);
    expect(metaContent(html, 'twitter:description')).toEqual([description]);
    const [image] = metaContent(html, 'og:image');
    expect(image).toMatch(new RegExp(`^${PUBLIC_URL}/media/.+`));
    expect(metaContent(html, 'twitter:image')).toEqual([image]);
    expect(metaContent(html, 'twitter:card')).toEqual(['summary_large_image']);
    expect(metaContent(html, 'og:type')).toEqual(['product']);
    expect(metaContent(html, 'og:url')).toEqual([canonical]);
    expect(metaContent(html, 'product:price:amount')).toEqual(['1450.50']);
    expect(metaContent(html, 'product:price:currency')).toEqual(['USD']);
    expect(html).toContain(`<link rel="canonical" href="${canonical}">`);
    expect(html).toContain('<title>Oak &quot;&lt;script&gt;chair | Swapstuff</title>');

    // nothing the seller wrote opens a tag: the page's only <script>s are the shell's and the registry's data
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).toContain('<script type="application/json" id="mf-registry">');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="?description/g)).toHaveLength(1);
    // no server build of the shell here: the browser renders the page
    expect(html).toContain('<div id=root></div>');
    // the shell page it always was
    expect(headers.get('cache-control')).toBe('no-cache');
    expect(headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('preloads the manifest and entry script of the remote that owns the page, and its main photo', async () => {
    const { html } = await page(`/item-detail/${listingId}`);
    const detail = await call<{ product: Product }>(
      api.url,
      'GET',
      endpoints.product.path.replace(':id', String(listingId)),
    );
    const [main] = detail.body.Content.product.images;
    const [best] = photoSources(main.variants);
    // the gallery's <picture> asks for the same copy: same candidates, same sizes, its best format
    expect(best.type).toMatch(/^image\/(avif|webp)$/);
    expect(preloads(html)).toEqual([
      '<link rel="preload" href="/mfe/mfe_catalog/0.1.0/mf-manifest.json" as="fetch" crossorigin>',
      '<link rel="preload" href="/mfe/mfe_catalog/0.1.0/remoteEntry.js" as="script">',
      `<link rel="preload" as="image" href="${main.file_name}" imagesrcset="${best.srcSet}" ` +
        `imagesizes="${ITEM_MAIN_PHOTO_SIZES}" type="${best.type}" fetchpriority="high">`,
    ]);
    // before the shell's own script, so the browser asks for them as early
    expect(html.indexOf('remoteEntry.js')).toBeLessThan(html.indexOf('<script defer'));
  });
});

describe('pages that do not exist answer 404 with the shell, which shows its not-found page', () => {
  it.each([
    ['an unknown listing', '/item-detail/999999'],
    ['a listing id that is no number', '/item-detail/chair'],
    ['a route no remote declares and the shell does not render', '/no-such-page'],
    ['a static page the shell does not have', '/page/nothing-here'],
    ['a path one segment too deep', '/search/1/chair/more'],
  ])('%s: %s', async (_case, urlPath) => {
    const { status, html, headers } = await page(urlPath);
    expect(status).toBe(404);
    expect(html).toContain('<div id=root></div>');
    expect(html).toContain('<script defer src=/main.js?abc123></script>');
    expect(html).toContain('<title>Page not found | Swapstuff</title>');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(metaContent(html, 'og:title')).toEqual([]);
    expect(headers.get('cache-control')).toBe('no-cache');
    expect(headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('a listing its owner deleted', async () => {
    const gone = await listItem(api, owner);
    const deleted = await call(api.url, 'GET', `/api/delete/product/${gone}`, { token: owner.token });
    expect(deleted.status).toBe(200);
    expect((await page(`/item-detail/${gone}`)).status).toBe(404);
  });

  it('a listing whose seller was blocked: a visitor may not see it', async () => {
    const blocked = await seller(api, `blocked_${Date.now().toString(36)}`);
    const hidden = await listItem(api, blocked);
    const user = await api.db('products').where({ id: hidden }).first('user_id');
    await api.db('users').where({ id: user.user_id }).update({ blocked_at: new Date() });
    expect((await page(`/item-detail/${hidden}`)).status).toBe(404);
  });
});

describe('every other page', () => {
  it.each(['/login', '/sign-up', '/forget-password', '/reset-password', '/page/about', '/LOGIN/'])(
    "the shell's own page %s: 200, the registry in the page, no remote's files",
    async (urlPath) => {
      const { status, html } = await page(urlPath);
      expect(status).toBe(200);
      expect(preloads(html)).toEqual([]);
      expect(registryIn(html)).toEqual(await (await fetch(`${base}/mf/remotes.json`)).json());
      expect(html).toContain('<title>Swapstuff</title>');
      expect(html).toContain('<meta name="description" content="Swapstuff: buy, sell and swap what you own.">');
    },
  );

  it('home: 200 with the template as it is, and its remote preloaded', async () => {
    const { status, html } = await page('/');
    expect(status).toBe(200);
    expect(preloads(html)).toHaveLength(2);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="?description/g)).toHaveLength(1);
    expect(html).toContain('<title>Swapstuff</title>');
  });

  it('a page that needs login preloads its remote only for a browser with a session (visitors go to /login)', async () => {
    const visitor = await page('/swap-requests');
    expect(visitor.status).toBe(200);
    expect(preloads(visitor.html)).toHaveLength(0);
    const member = await page('/swap-requests', { Cookie: 'sid=s%3Aanything.sig' });
    expect(preloads(member.html)).toEqual([
      '<link rel="preload" href="/mfe/mfe_swaps/0.2.0/mf-manifest.json" as="fetch" crossorigin>',
      '<link rel="preload" href="/mfe/mfe_swaps/0.2.0/remoteEntry.js" as="script">',
    ]);
  });

  it('a search page has its own title, description and canonical URL', async () => {
    const { id, name } = await api.db('categories').whereNull('parent_id').orderBy('id').first('id', 'name');
    const inCategory = await page(`/search/${id}/old%20Camera`);
    expect(inCategory.status).toBe(200);
    expect(metaContent(inCategory.html, 'og:title')).toEqual([`“old Camera” in ${name}`]);
    expect(inCategory.html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/search/${id}/old%20Camera">`);
    expect(metaContent(inCategory.html, 'description')[0]).toContain(`Listings for “old Camera” in ${name}`);

    const everywhere = await page('/search/all/chair');
    expect(everywhere.html).toContain('<title>“chair” | Swapstuff</title>');
    expect(everywhere.html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/search/all/chair">`);

    const category = await page(`/search/${id}/`);
    expect(category.html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/search/${id}">`);
    expect((await page('/search')).html).toContain('<title>Search | Swapstuff</title>');
  });

  it('serves a new build of index.html once its file changed', async () => {
    const file = path.join(shellDist, 'index.html');
    await fs.writeFile(file, INDEX_HTML.replace('/main.js?abc123', '/main.js?def456'));
    const later = new Date(Date.now() + 5000);
    await fs.utimes(file, later, later);
    const { html } = await page(`/item-detail/${listingId}`);
    expect(html).toContain('<script defer src=/main.js?def456></script>');
    expect(metaContent(html, 'og:title')).toEqual(['Oak "<script>chair']);
  });
});

/**
 * The shell's server build as build/webpack.server.js writes it (CommonJS: `shared`, `css`, the render),
 * standing in for the real one (e2e/tests/first-view.spec.ts renders with that): it renders what it loaded
 * of the api, and throws or never answers when the URL asks it to (saying so on HUNG_RENDERS, a diagnostics
 * channel: the bundle runs in Node's own context, not the test's).
 */
const HUNG_RENDERS = 'swapstuff:test:hung-render';
const SHELL_SERVER_BUNDLE = `
const react = { name: 'the shell react' };
exports.shared = { react };
exports.css = '.shell_frame{color:teal}';
exports.default = async function render({ url, registry, remotes, load }) {
  if (url.includes('throw=1')) throw new Error('render failed');
  if (url.includes('hang=1')) {
    require('node:diagnostics_channel').channel('${HUNG_RENDERS}').publish(url);
    return new Promise(() => {});
  }
  const id = /item-detail\\/(\\d+)/.exec(url)?.[1];
  const { product } = await load('product', { id });
  let forbidden = 'allowed';
  await load('reportState', { id }).catch((error) => { forbidden = error.message; });
  return {
    html: '<div class="first">' + remotes.mfe_catalog(product) + '|' + forbidden + '|' + Object.keys(registry).join(',') + '</div>',
    antdStyles: '<style data-antd>.ant-btn{}</style>',
    answers: { queries: [{ queryKey: ['product', { id }], state: { data: { product } } }] },
  };
};
`;

/** The catalog's server build: it takes React from the shell, as every remote's does. */
const remoteServerBundle = (requires: string) => `
const react = require('${requires}');
exports.default = (product) => 'rendered with ' + react.name + ': ' + product.title.replace(/</g, '&lt;');
exports.css = '.mfe_catalog_card{color:navy}';
`;

describe("a visitor's first view, rendered by the shell's and the remote's server builds", () => {
  const shellBundle = () => path.join(shellDist, 'server', 'first-view.js');
  const remoteBundle = () => path.join(scratch, 'mfe-catalog', 'dist', '0.1.0', 'server', 'app.js');
  /** A new build of a bundle: a later mtime, as a deploy gives it. */
  async function build(file: string, code: string) {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, code);
    const later = new Date(Date.now() + Math.random() * 100_000);
    await fs.utimes(file, later, later);
  }
  const root = (html: string) => /<div id=root>(.*?)<\/div><script/.exec(html)?.[1];

  beforeAll(async () => {
    await build(shellBundle(), SHELL_SERVER_BUNDLE);
    await build(remoteBundle(), remoteServerBundle('react'));
  });
  afterAll(async () => {
    await fs.rm(path.join(shellDist, 'server'), { recursive: true, force: true });
    await fs.rm(path.dirname(remoteBundle()), { recursive: true, force: true });
  });

  it('is in the page: the content in #root, every CSS of both apps and antd’s in the head, the answers after', async () => {
    const { status, html } = await page(`/item-detail/${listingId}`);
    expect(status).toBe(200);
    // the remote rendered with the shell's React, from the api's answer as a visitor gets it; an endpoint
    // that needs a session is never asked on anyone's behalf
    expect(root(html)).toBe(
      `<div class="first">rendered with the shell react: Oak "&lt;script>chair|reportState: not for visitors|mfe_catalog,mfe_swaps</div>`,
    );
    expect(html).toContain(
      '<style data-first-view="shell mfe_catalog">.shell_frame{color:teal}\n.mfe_catalog_card{color:navy}</style><style data-antd>',
    );
    expect(html.indexOf('data-first-view')).toBeLessThan(html.indexOf('</head>'));
    const [, answers] = /<script type="application\/json" id="first-view">(.*?)<\/script>/.exec(html) ?? [];
    // what the seller wrote cannot close the data's <script>
    expect(answers).not.toContain('<');
    expect(JSON.parse(answers).queries[0].state.data.product.title).toBe('Oak "<script>chair');
    // the share tags and the photo's preload stay; the remote's manifest and entry, needed only to take the
    // page over, are not preloaded beside the photo
    expect(metaContent(html, 'og:title')).toEqual(['Oak "<script>chair']);
    expect(preloads(html)).toEqual([expect.stringMatching(/^<link rel="preload" as="image" /)]);
  });

  it('is compressed on the way', async () => {
    const response = await fetch(`${base}/item-detail/${listingId}`, {
      headers: { Accept: 'text/html', 'Accept-Encoding': 'br' },
    });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(await response.text()).toContain('<div class="first">');
  });

  it('is never rendered for a browser with a session, on a page that needs login, or for a page that does not exist', async () => {
    const member = await page(`/item-detail/${listingId}`, { Cookie: 'sid=s%3Aanything.sig' });
    expect(member.html).toContain('<div id=root></div>');
    expect(member.html).not.toContain('data-first-view');
    expect((await page('/swap-requests')).html).toContain('<div id=root></div>');
    const unknown = await page('/item-detail/999999');
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('<div id=root></div>');
    expect(unknown.html).not.toContain('id="first-view"');
  });

  it('leaves the page to the browser when the render fails or takes too long', async () => {
    for (const query of ['throw=1', 'hang=1']) {
      const { status, html } = await page(`/item-detail/${listingId}?${query}`);
      expect(status).toBe(200);
      expect(html).toContain('<div id=root></div>');
      expect(html).not.toContain('data-first-view');
      expect(metaContent(html, 'og:title')).toEqual(['Oak "<script>chair']);
    }
  });

  it(`renders at most ${MAX_RENDERS_IN_FLIGHT} pages at once: past that a page goes without, at once`, async () => {
    // renders that never end hold every place until their time is up
    let started = 0;
    const allStarted = new Promise<void>((resolve) => {
      const onHung = () => {
        started += 1;
        if (started < MAX_RENDERS_IN_FLIGHT) return;
        diagnostics.unsubscribe(HUNG_RENDERS, onHung);
        resolve();
      };
      diagnostics.subscribe(HUNG_RENDERS, onHung);
    });
    let answered = 0;
    const hung = Array.from({ length: MAX_RENDERS_IN_FLIGHT }, () =>
      page(`/item-detail/${listingId}?hang=1`).then((answer) => {
        answered += 1;
        return answer;
      }),
    );
    await allStarted;
    const meanwhile = await page(`/item-detail/${listingId}`);
    expect(meanwhile.status).toBe(200);
    expect(meanwhile.html).toContain('<div id=root></div>');
    // at once: answered while every place was still held, not after one came free
    expect(answered).toBe(0);
    for (const { status } of await Promise.all(hung)) expect(status).toBe(200);
    // their time up, the places are free again
    expect(root((await page(`/item-detail/${listingId}`)).html)).toContain('rendered with the shell react');
  });

  it("runs a remote's bundle with the shell's modules only, and a new build of either once it is deployed", async () => {
    // a remote asking for a module the shell does not provide is not rendered here
    await build(remoteBundle(), remoteServerBundle('left-pad'));
    expect((await page(`/item-detail/${listingId}`)).html).toContain('<div id=root></div>');
    await build(remoteBundle(), remoteServerBundle('react'));
    expect(root((await page(`/item-detail/${listingId}`)).html)).toContain('rendered with the shell react');
    await build(shellBundle(), SHELL_SERVER_BUNDLE.replace('the shell react', 'the new shell react'));
    expect(root((await page(`/item-detail/${listingId}`)).html)).toContain('rendered with the new shell react');
  });

  it('keeps the server builds to itself', async () => {
    expect((await fetch(`${base}/server/first-view.js`)).status).toBe(404);
    expect((await fetch(`${base}/mfe/mfe_catalog/0.1.0/server/app.js`)).status).toBe(404);
  });
});

describe('the gateway’s connections to the api', () => {
  it('are kept alive: its own lookups reuse one, and so does the proxy', async () => {
    const before = apiConnections;
    // ids no one asked for yet: each is a request to the api, none answered from the gateway's memory
    for (let id = 999_990; id < 999_995; id++) expect((await page(`/item-detail/${id}`)).status).toBe(404);
    for (let i = 0; i < 5; i++) {
      const home = await fetch(`${base}/api/home`, { headers: { 'Sec-Fetch-Site': 'same-origin' } });
      expect(home.status).toBe(200);
    }
    expect(apiConnections).toBeGreaterThan(0);
    // at most one new connection each (the earlier tests may have left theirs open), not ten
    expect(apiConnections - before).toBeLessThanOrEqual(2);
  });
});
