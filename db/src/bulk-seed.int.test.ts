import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { LISTING_LIMITS, ListingStatus } from '@swapstuff/contracts';
import { BULK_EMAIL_DOMAIN, bulkSeed, countBulkListings, parseBulkArgs, UsageError } from './bulk-seed';
import { usCities } from './bulk-vocabulary';
import { createDb, migrateLatest, reindexListings, seedIfEmpty, toDate, type Knex } from './index';

const MYSQL_ROOT = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const dbName = `swapstuff_bulktest_${process.env.JEST_WORKER_ID ?? '1'}_${process.pid}`;
const LISTINGS = 500;

let dataDir: string;
let db: Knex;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'swapstuff-bulk-'));
  let url: string | undefined;
  if (process.env.TEST_DB === 'mysql') {
    const admin = createDb({ url: MYSQL_ROOT, poolMax: 1 });
    await admin.raw(`DROP DATABASE IF EXISTS \`${dbName}\``);
    await admin.raw(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.destroy();
    url = `${MYSQL_ROOT}/${dbName}`;
  }
  db = createDb({ url, dataDir, poolMax: 2 });
  await migrateLatest(db);
  await seedIfEmpty(db, { dataDir });
});

afterAll(async () => {
  await db.destroy();
  if (process.env.TEST_DB === 'mysql') {
    const admin = createDb({ url: MYSQL_ROOT, poolMax: 1 });
    await admin.raw(`DROP DATABASE IF EXISTS \`${dbName}\``);
    await admin.destroy();
  }
  await fs.rm(dataDir, { recursive: true, force: true });
});

interface Listing {
  id: number;
  title: string;
  description: string;
  status: number;
  is_buyable: number | boolean;
  category_id: number;
  price_cents: number;
  state: string;
  created_at: Date | number;
}

/** What the search index (db/src/search.ts) finds for one word: the listings the api's search reads. */
async function indexedIds(word: string): Promise<number[]> {
  return (await db('search_terms').where({ term: word }).orderBy('product_id').pluck('product_id')).map(Number);
}

/** Active listings whose title or description has the word (in any case): what search must find. */
function expectedIds(listings: Listing[], word: string): number[] {
  // the word itself or its plural (the index folds "cameras" into "camera")
  const whole = new RegExp(`(^|[^\\p{L}\\p{N}])${word}s?($|[^\\p{L}\\p{N}])`, 'iu');
  return listings
    .filter((l) => l.status === ListingStatus.Active && (whole.test(l.title) || whole.test(l.description)))
    .map((l) => l.id);
}

/** A word of the first active listing's title: letters only, 4 or more, and no plural s to fold away. */
function seededWord(listings: Listing[]): string {
  const first = listings.find((l) => l.status === ListingStatus.Active)!;
  return first.title
    .split(/[^A-Za-z]+/)
    .find((w) => w.length >= 4 && !/s$/i.test(w))!
    .toLowerCase();
}

const listingsNow = async (): Promise<Listing[]> =>
  db('products')
    .orderBy('id')
    .select('id', 'title', 'description', 'status', 'is_buyable', 'category_id', 'price_cents', 'state', 'created_at');

describe('bulk seed', () => {
  it(`adds ${LISTINGS} realistic listings: every leaf category, sellers with addresses, photos, dimensions`, async () => {
    const report = await bulkSeed(db, { dataDir, listings: LISTINGS, seed: 42 });
    expect(report).toMatchObject({ listings: LISTINGS, firstId: 1, lastId: LISTINGS, removed: 0 });

    const listings = await listingsNow();
    expect(listings).toHaveLength(LISTINGS);
    expect(await countBulkListings(db)).toBe(LISTINGS);

    const categories: { id: number; parent_id: number | null }[] = await db('categories').select('id', 'parent_id');
    const leaves = categories.filter((c) => !categories.some((child) => child.parent_id === c.id)).map((c) => c.id);
    expect(new Set(listings.map((l) => l.category_id))).toEqual(new Set(leaves));

    for (const l of listings) {
      expect(l.title.length).toBeLessThanOrEqual(LISTING_LIMITS.titleMax);
      expect(l.price_cents).toBeGreaterThanOrEqual(LISTING_LIMITS.price.min * 100);
      expect(Number.isInteger(l.price_cents)).toBe(true);
    }
    const prices = new Set(listings.map((l) => l.price_cents));
    expect(prices.size).toBeGreaterThan(50);
    const active = listings.filter((l) => l.status === ListingStatus.Active).length;
    expect(active / LISTINGS).toBeGreaterThan(0.75);
    expect(new Set(listings.map((l) => l.status)).size).toBeGreaterThanOrEqual(4);
    const states = new Set(usCities.map((c) => c.state));
    expect(listings.every((l) => states.has(l.state))).toBe(true);
    const ages = listings.map((l) => (Date.now() - toDate(l.created_at).getTime()) / 86_400_000);
    expect(Math.max(...ages)).toBeGreaterThan(300);
    expect(Math.min(...ages)).toBeLessThan(30);

    // dimensions exactly for the buyable ones, and some of each kind
    const dimensioned = new Set(await db('product_dimensions').pluck('product_id'));
    const buyable = listings.filter((l) => Boolean(Number(l.is_buyable))).map((l) => l.id);
    expect(buyable.length).toBeGreaterThan(LISTINGS * 0.3);
    expect(buyable.length).toBeLessThan(LISTINGS * 0.6);
    expect(dimensioned).toEqual(new Set(buyable));

    const sellers = await db('users as u')
      .join('addresses as a', 'a.user_id', 'u.id')
      .where('u.email', 'like', `%@${BULK_EMAIL_DOMAIN}`)
      .select('u.id', 'u.password_hash', 'a.featured');
    expect(sellers).toHaveLength(report.sellers);
    expect(sellers.every((s) => s.password_hash.startsWith('$argon2id$') && Number(s.featured) === 1)).toBe(true);
  });

  it('gives every listing one featured photo, first in order, whose JPEG exists with the recorded size', async () => {
    const images: { product_id: number; file_name: string; featured: number | boolean; sort_order: number }[] =
      await db('product_images').select('product_id', 'file_name', 'featured', 'sort_order', 'width', 'height');
    const featured = images.filter((i) => Number(i.featured) === 1);
    expect(featured.every((i) => i.sort_order === 0)).toBe(true);
    expect(featured.map((i) => i.product_id).sort((a, b) => a - b)).toEqual((await listingsNow()).map((l) => l.id));

    const files = await db('product_images').distinct('file_name', 'width', 'height', 'bytes');
    for (const f of files as { file_name: string; width: number; height: number; bytes: number }[]) {
      expect(f.file_name).toMatch(/^products\/[0-9a-f]{64}\.jpg$/);
      const file = path.join(dataDir, 'media', f.file_name);
      const meta = await sharp(file).metadata();
      expect({
        format: meta.format,
        width: meta.width,
        height: meta.height,
        bytes: (await fs.stat(file)).size,
      }).toEqual({ format: 'jpeg', width: f.width, height: f.height, bytes: f.bytes });
    }
  });

  it('indexes the active listings for search: a seeded word finds exactly the active listings with it', async () => {
    const listings = await listingsNow();
    const word = seededWord(listings);
    const expected = expectedIds(listings, word);
    expect(expected.length).toBeGreaterThan(0);
    expect(await indexedIds(word)).toEqual(expected);
    expect(await indexedIds('submarine')).toEqual([]);
    // nothing but active listings is in the index
    const inIndex = new Set((await db('search_terms').distinct('product_id').pluck('product_id')).map(Number));
    const active = listings.filter((l) => l.status === ListingStatus.Active).map((l) => l.id);
    expect(inIndex).toEqual(new Set(active));
  });

  it('appends on a second run, reusing the sellers; --reset removes only seeded listings and sellers', async () => {
    const before = await db('users').where('email', 'like', `%@${BULK_EMAIL_DOMAIN}`).count({ n: '*' });
    const more = await bulkSeed(db, { dataDir, listings: 100 });
    expect(more).toMatchObject({ firstId: LISTINGS + 1, lastId: LISTINGS + 100, newSellers: 0 });
    expect(await countBulkListings(db)).toBe(LISTINGS + 100);
    expect(await db('users').where('email', 'like', `%@${BULK_EMAIL_DOMAIN}`).count({ n: '*' })).toEqual(before);

    // somebody's own listing survives a reset
    const now = new Date();
    const [userId] = await db('users').insert({
      username: 'real_seller',
      email: 'real@example.com',
      password_hash: 'x',
      created_at: now,
      updated_at: now,
    });
    const category = await db('categories').whereNotNull('parent_id').first('id', 'parent_id');
    const [realId] = await db('products').insert({
      user_id: userId,
      category_id: category.id,
      top_category_id: category.parent_id,
      title: 'Hand-built submarine model',
      description: 'Mine, not seeded',
      price_cents: 5000,
      condition: 'Used',
      city: 'Austin',
      state: 'Texas',
      zip: '73301',
      created_at: now,
      updated_at: now,
    });
    await reindexListings(db, [Number(realId)]);

    const again = await bulkSeed(db, { dataDir, listings: 60, reset: true });
    expect(again).toMatchObject({ removed: LISTINGS + 100, listings: 60 });
    // ids are never reused: they continue after the removed ones and the real listing
    expect(again.firstId).toBeGreaterThan(LISTINGS + 101);
    expect(await countBulkListings(db)).toBe(60);
    expect(await db('products').count({ n: '*' })).toEqual([{ n: 61 }]);
    expect(await db('product_images').whereNotIn('product_id', db('products').select('id')).count({ n: '*' })).toEqual([
      { n: 0 },
    ]);
    expect(await indexedIds('submarine')).toEqual([Number(realId)]);
    expect(await db('search_terms').whereNotIn('product_id', db('products').select('id')).count({ n: '*' })).toEqual([
      { n: 0 },
    ]);
    const listings = await listingsNow();
    const word = seededWord(listings);
    expect(await indexedIds(word)).toEqual(expectedIds(listings, word));
  });

  it('reads its command line', () => {
    expect(parseBulkArgs(['--listings', '1_000_000', '--reset'])).toEqual({
      listings: 1_000_000,
      reset: true,
      sellers: undefined,
      seed: undefined,
    });
    expect(parseBulkArgs(['--listings=500', '--sellers', '20', '--seed', '7'])).toMatchObject({ sellers: 20, seed: 7 });
    expect(() => parseBulkArgs([])).toThrow(UsageError);
    expect(() => parseBulkArgs(['--listings', '0'])).toThrow(/--listings must be a positive integer/);
    expect(() => parseBulkArgs(['--listings', '10', '--lisitngs', '5'])).toThrow(UsageError);
  });
});
