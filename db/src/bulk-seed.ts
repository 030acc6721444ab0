import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { Knex } from 'knex';
import { LISTING_LIMITS, ListingStatus, Money } from '@swapstuff/contracts';
import { isSqlite } from './engine';
import { searchRowsOf, type SearchTermRow } from './search';
import {
  adjectives,
  businessWords,
  closers,
  colors,
  conditionNotes,
  extras,
  fallbackVocabulary,
  firstNames,
  lastNames,
  leafVocabulary,
  ownership,
  reasons,
  streets,
  usCities,
  type LeafVocabulary,
} from './bulk-vocabulary';

/**
 * `npm run seed:bulk -- --listings N`: realistic listings in bulk, for search at scale and the bench.
 *
 * Sellers are ordinary users whose e-mail is at BULK_EMAIL_DOMAIN; that is how a later run finds them
 * (to reuse them, or to remove them and their listings with `--reset`). Runs append: each adds N
 * listings after the newest one, reusing the seeded sellers.
 */
export const BULK_EMAIL_DOMAIN = 'bulk-seed.invalid';

/**
 * Every seeded seller gets this argon2id hash (OWASP baseline parameters, as the api uses) of a random
 * password that was thrown away: hashing hundreds of passwords would cost seconds for nothing, and nobody
 * is meant to sign in as a seeded seller. db cannot reach the api's hashing (it lives in bff).
 */
const SELLER_PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$7St9UrX+HAMaym5W2r8mrg$aqYLw49owJDIF8dxYrZ+gX+d0ZLUkI9dSUQCiVNPjCs';

/** Listings per transaction, and the most rows in one INSERT statement. */
const BATCH = 5000;
/**
 * SQLite refuses a statement with more than 32766 bound values (its default limit since 3.32), so its
 * INSERTs carry fewer rows; MySQL takes 5000 rows a statement easily (well under max_allowed_packet).
 */
const SQLITE_MAX_BINDINGS = 32766;
/** The pool of photos listings share: content-addressed JPEGs in `${dataDir}/media/products/`. */
const PHOTO_POOL = 12;
/** Photo sizes of the pool: landscape, portrait and square, as phones take them. */
const PHOTO_SIZES: [number, number][] = [
  [800, 600],
  [600, 800],
  [800, 800],
];
const YEAR_MS = 365 * 24 * 3600 * 1000;

export interface BulkSeedOptions {
  /** `media/products/` under it receives the photos (DATA_DIR, as the api serves it). */
  dataDir: string;
  listings: number;
  /** Remove the seeded sellers' listings (and the sellers) first. */
  reset?: boolean;
  /** Seller accounts to spread listings over; default min(300, listings / 5). */
  sellers?: number;
  /** Seed of the random generator: the same seed on the same database gives the same listings. */
  seed?: number;
  /** Progress lines; default silent. */
  log?: (line: string) => void;
}

export interface BulkSeedReport {
  listings: number;
  photos: number;
  dimensions: number;
  sellers: number;
  newSellers: number;
  /** listings removed by `reset` */
  removed: number;
  /** first and last id of the listings added */
  firstId: number;
  lastId: number;
  /** rows of the search index written (one per word of each Active listing) */
  searchRows: number;
  /** seconds spent inserting rows, and in all */
  loadSeconds: number;
  totalSeconds: number;
  /** listings and all rows (listings, photos, dimensions) per second of the whole run */
  listingsPerSecond: number;
  rowsPerSecond: number;
}

interface Leaf {
  id: number;
  /** its top-level category */
  topId: number;
  name: string;
  vocabulary: LeafVocabulary;
}

interface Seller {
  id: number;
  addressId: number;
  city: string;
  state: string;
  zip: string;
}

interface Photo {
  key: string;
  width: number;
  height: number;
  bytes: number;
}

type Row = Record<string, string | number | boolean | Date | null>;

interface Batch {
  products: Row[];
  images: Row[];
  dimensions: Row[];
  search: SearchTermRow[];
}

/** mulberry32: small, fast and good enough to make data look random, and repeatable from a seed. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(rng: Random, items: readonly T[]): T => items[Math.floor(rng() * items.length)];
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const round = (value: number, step: number) => Math.round(value / step) * step;
const fmt = (n: number) => n.toLocaleString('en-US');

/** Picks by weight: `[[value, weight], …]`. */
function weighted<T>(rng: Random, choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((sum, [, w]) => sum + w, 0);
  let r = rng() * total;
  for (const [value, w] of choices) {
    r -= w;
    if (r < 0) return value;
  }
  return choices[choices.length - 1][0];
}

const STATUSES = [
  [ListingStatus.Active, 86],
  [ListingStatus.InTrade, 4],
  [ListingStatus.InProcess, 3],
  [ListingStatus.Swapped, 4],
  [ListingStatus.Disputed, 1],
  [ListingStatus.Deleted, 2],
] as const;
const CONDITIONS = [
  ['New', 20],
  ['Used', 65],
  ['Re-furbished', 15],
] as const;
const PHOTO_COUNTS = [
  [1, 35],
  [2, 35],
  [3, 20],
  [4, 10],
] as const;
const BUYABLE_SHARE = 0.45;

/**
 * A price a seller would ask: most listings cheap, a few expensive, rounded the way people round (whole
 * dollars, a cent short of one for the cheapest: $4.99). Drawn as a size, counted in cents.
 */
function priceCents(rng: Random, [min, max]: [number, number]): number {
  const size = min * (max / min) ** (rng() ** 1.7);
  const cents = (wholeDollars: number, centsShort = 0) => Money.fromWholeDollars(wholeDollars).cents - centsShort;
  let asked: number;
  if (size < 20) asked = cents(Math.max(2, Math.round(size)), rng() < 0.4 ? 1 : 0);
  else if (size < 200) asked = cents(round(size, 5));
  else if (size < 1000) asked = cents(round(size, 10) - (rng() < 0.3 ? 1 : 0));
  else asked = cents(round(size, 50));
  const { min: floor, max: ceiling } = LISTING_LIMITS.price;
  return Math.min(cents(ceiling), Math.max(cents(floor), asked));
}

/** A title within the form's limit: the richest pattern that fits. */
function titleOf(rng: Random, brand: string, item: string, detail: string): string {
  const max = LISTING_LIMITS.titleMax;
  const richer = [
    `${pick(rng, adjectives)} ${brand} ${item}`,
    `${brand} ${item} ${detail}`,
    `${brand} ${item}, ${detail}`,
  ];
  const candidates = [
    ...(rng() < 0.45 ? [pick(rng, richer)] : []),
    `${brand} ${item}`,
    `${capitalize(item)}, ${detail}`,
    capitalize(item),
  ];
  return capitalize(candidates.find((t) => t.length <= max) ?? item.slice(0, max));
}

function descriptionOf(
  rng: Random,
  v: { brand: string; item: string; detail: string; condition: keyof typeof conditionNotes },
  seller: Seller,
): string {
  const color = rng() < 0.4 ? `, ${pick(rng, colors)}` : '';
  const age = 1 + Math.floor(rng() * 6);
  return [
    `${capitalize(v.brand)} ${v.item} (${v.detail})${color}.`,
    pick(rng, conditionNotes[v.condition]),
    rng() < 0.5 ? `Bought ${age} ${age === 1 ? 'year' : 'years'} ago, ${pick(rng, ownership)}.` : '',
    rng() < 0.5 ? pick(rng, reasons) : '',
    rng() < 0.4 ? `Comes with ${pick(rng, extras)}.` : '',
    rng() < 0.6 ? pick(rng, closers) : '',
    `Located in ${seller.city}, ${seller.state}.`,
  ]
    .filter(Boolean)
    .join(' ');
}

/** Parcel size and weight of a buyable listing, within the form's limits; ounces only under a pound. */
function dimensionsOf(rng: Random, productId: number, v: LeafVocabulary): Row {
  const side = (max: number) => Math.max(0.5, round(max * (0.3 + 0.7 * rng()), 0.5));
  const [minLb, maxLb] = v.pounds;
  const weight = minLb * (maxLb / minLb) ** rng();
  const underOnePound = weight < 1;
  return {
    product_id: productId,
    length: side(v.box[0]),
    width: side(v.box[1]),
    height: side(v.box[2]),
    pounds: underOnePound ? 0 : Math.round(weight * 10) / 10,
    ounces: underOnePound ? Math.min(15, Math.max(1, Math.round(weight * 16))) : 0,
    size_unit: 'inches',
  };
}

interface Generation {
  rng: Random;
  leaves: Leaf[];
  /** cumulative popularity of the leaves, for a category mix that is uneven like a real one */
  popularity: [Leaf, number][];
  sellers: Seller[];
  photos: Photo[];
  /** when the year the listings spread over ends */
  now: number;
  total: number;
}

/** Listing number `k` of this run (0-based), with its photos and, when buyable, its dimensions. */
function addListing(g: Generation, batch: Batch, k: number, id: number): void {
  const { rng } = g;
  // the first listings of a run visit every leaf category once, so every category has listings
  const leaf = k < g.leaves.length ? g.leaves[k] : weighted(rng, g.popularity);
  const v = leaf.vocabulary;
  // a few sellers list a lot (squaring skews toward the first sellers), most list a little
  const seller = g.sellers[Math.floor(rng() ** 2 * g.sellers.length)];
  const brand = pick(rng, v.brands);
  const item = pick(rng, v.items);
  const detail = pick(rng, v.details);
  const condition = weighted(rng, CONDITIONS);
  const status = weighted(rng, STATUSES);
  const buyable = rng() < BUYABLE_SHARE;
  // spread over the last year in order, so ids grow with dates as on a live site
  const created = g.now - YEAR_MS + ((k + rng()) / g.total) * YEAR_MS;
  const updated = status === ListingStatus.Active ? created : created + rng() * (g.now - created);
  const other = weighted(rng, g.popularity).vocabulary;
  const title = titleOf(rng, brand, item, detail);
  const description = descriptionOf(rng, { brand, item, detail, condition }, seller);
  const price = priceCents(rng, v.price);
  const listing = {
    id,
    title,
    description,
    swap_product: !buyable && rng() < 0.5 ? `Would swap for a ${pick(rng, other.items)}` : null,
    category_id: leaf.id,
    top_category_id: leaf.topId,
    is_buyable: buyable,
    price_cents: price,
  };
  // the search index holds the listings search shows: the Active ones (seeded sellers are never blocked)
  if (status === ListingStatus.Active) batch.search.push(...searchRowsOf(listing));
  batch.products.push({
    ...listing,
    user_id: seller.id,
    status,
    condition,
    address_id: seller.addressId,
    city: seller.city,
    state: seller.state,
    zip: seller.zip,
    open_for_offer: rng() < 0.8,
    reports_count: 0,
    created_at: new Date(created),
    updated_at: new Date(updated),
  });
  const count = weighted(rng, PHOTO_COUNTS);
  const first = Math.floor(rng() * g.photos.length);
  for (let j = 0; j < count; j += 1) {
    const photo = g.photos[(first + j * 5) % g.photos.length];
    batch.images.push({
      product_id: id,
      file_name: photo.key,
      width: photo.width,
      height: photo.height,
      bytes: photo.bytes,
      // the first photo is the featured one, as the listing form makes it
      featured: j === 0,
      sort_order: j,
    });
  }
  if (buyable) batch.dimensions.push(dimensionsOf(rng, id, v));
}

/** A flat product shot: a tinted backdrop, a soft shadow and an object. No text: fonts vary by machine. */
function photoSvg(index: number, width: number, height: number): string {
  const rng = generator(7919 * (index + 1));
  const hue = Math.floor(rng() * 360);
  const accent = (hue + 150 + Math.floor(rng() * 60)) % 360;
  const cx = width / 2;
  const cy = height / 2;
  const size = Math.min(width, height) * (0.28 + rng() * 0.12);
  const shape =
    index % 3 === 0
      ? `<circle cx="${cx}" cy="${cy}" r="${size}" fill="hsl(${accent},55%,45%)"/>`
      : index % 3 === 1
        ? `<rect x="${cx - size}" y="${cy - size * 0.8}" width="${size * 2}" height="${size * 1.6}" rx="${size / 5}" fill="hsl(${accent},50%,42%)"/>`
        : `<polygon points="${cx},${cy - size} ${cx + size},${cy + size * 0.8} ${cx - size},${cy + size * 0.8}" fill="hsl(${accent},60%,40%)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="hsl(${hue},30%,92%)"/><stop offset="1" stop-color="hsl(${hue},25%,72%)"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <ellipse cx="${cx}" cy="${cy + size * 1.05}" rx="${size * 1.1}" ry="${size * 0.18}" fill="rgba(0,0,0,0.18)"/>
  ${shape}
  <circle cx="${cx - size * 0.35}" cy="${cy - size * 0.35}" r="${size * 0.18}" fill="rgba(255,255,255,0.35)"/>
</svg>`;
}

/**
 * The shared photos, made once with sharp and named by content like uploads are
 * (`products/<sha256>.jpg`), so running again writes nothing new.
 */
export async function ensurePhotoPool(dataDir: string): Promise<Photo[]> {
  // loaded here, not at the top: the other db commands need no image library
  const { default: sharp } = await import('sharp');
  const folder = path.join(dataDir, 'media', 'products');
  await fs.mkdir(folder, { recursive: true });
  const photos: Photo[] = [];
  for (let i = 0; i < PHOTO_POOL; i += 1) {
    const [width, height] = PHOTO_SIZES[i % PHOTO_SIZES.length];
    const jpeg = await sharp(Buffer.from(photoSvg(i, width, height)))
      .jpeg({ quality: 80 })
      .toBuffer();
    const key = `products/${createHash('sha256').update(jpeg).digest('hex')}.jpg`;
    const file = path.join(dataDir, 'media', key);
    if (!(await fs.stat(file).catch(() => null))) {
      // write then rename, as the api's storage does: a reader never sees half a file
      const partial = `${file}.${process.pid}.partial`;
      await fs.writeFile(partial, jpeg);
      await fs.rename(partial, file);
    }
    photos.push({ key, width, height, bytes: jpeg.length });
  }
  return photos;
}

/** Leaf categories (those without children), with their vocabularies. */
async function leafCategories(db: Knex): Promise<Leaf[]> {
  const rows: { id: number; name: string; parent_id: number | null }[] = await db('categories')
    .orderBy('id')
    .select('id', 'name', 'parent_id');
  const parents = new Set(rows.map((r) => r.parent_id).filter((id) => id !== null));
  const leaves = rows.filter((r) => !parents.has(r.id));
  if (leaves.length === 0) throw new Error('No categories: seed the database first (npm run db:seed).');
  return leaves.map((r) => ({
    id: r.id,
    topId: r.parent_id ?? r.id,
    name: r.name,
    vocabulary: leafVocabulary[r.name] ?? fallbackVocabulary(r.name),
  }));
}

/** Ids of the seeded sellers. The e-mail domain is reserved (RFC 2606): no real account can have it. */
function sellerQuery(db: Knex): Knex.QueryBuilder {
  return db('users').where('email', 'like', `%@${BULK_EMAIL_DOMAIN}`);
}

/** The seeded sellers with their address; creates the missing ones (numbered after the existing). */
async function ensureSellers(db: Knex, wanted: number, rng: Random): Promise<{ sellers: Seller[]; created: number }> {
  const existing = async (): Promise<Seller[]> =>
    db('users as u')
      .join('addresses as a', 'a.user_id', 'u.id')
      .where('u.email', 'like', `%@${BULK_EMAIL_DOMAIN}`)
      .where('a.featured', true)
      .whereNull('a.deleted_at')
      .orderBy('u.id')
      .select('u.id', 'a.id as addressId', 'a.city', 'a.state', 'a.zip');
  const have = await existing();
  const missing = wanted - have.length;
  if (missing <= 0) return { sellers: have, created: 0 };

  const taken = await sellerQuery(db).pluck('username');
  let next = Math.max(0, ...taken.map((u: string) => Number(u.replace(/^\D+/, '')) || 0)) + 1;
  const now = new Date();
  const users: Row[] = [];
  const homes: { username: string; street: string; place: (typeof usCities)[number]; zip: string }[] = [];
  for (let i = 0; i < missing; i += 1, next += 1) {
    const username = `bulk_${String(next).padStart(5, '0')}`;
    const email = `${username}@${BULK_EMAIL_DOMAIN}`;
    const place = pick(rng, usCities);
    const zip = pick(rng, place.zips);
    const street = `${1 + Math.floor(rng() * 9899)} ${pick(rng, streets)}`;
    const last = pick(rng, lastNames);
    // one seller in ten is a business: the name shown is the business's, personal names stay empty
    const business = rng() < 0.1;
    users.push({
      first_name: business ? '' : pick(rng, firstNames),
      last_name: business ? '' : last,
      username,
      email,
      is_business: business,
      businessName: business ? `${last} ${pick(rng, businessWords)}` : null,
      businessUsername: business ? username : null,
      businessEmail: business ? email : null,
      address: street,
      city: place.city,
      state: place.state,
      zip,
      password_hash: SELLER_PASSWORD_HASH,
      created_at: now,
      updated_at: now,
    });
    homes.push({ username, street, place, zip });
  }
  await db.transaction(async (trx) => {
    await insertRows(trx, 'users', users);
    const ids = new Map<string, number>(
      (
        await trx('users')
          .whereIn(
            'username',
            homes.map((h) => h.username),
          )
          .select('id', 'username')
      ).map((r: { id: number; username: string }) => [r.username, r.id]),
    );
    await insertRows(
      trx,
      'addresses',
      homes.map((h) => ({
        user_id: ids.get(h.username)!,
        street_1: h.street,
        formatted_street_1: `${h.street}, ${h.place.city}, ${h.place.state} ${h.zip}, United States`,
        city: h.place.city,
        state: h.place.state,
        zip: h.zip,
        country: 'United States',
        featured: true,
        lat: h.place.lat,
        lng: h.place.lng,
        created_at: now,
        updated_at: now,
      })),
    );
  });
  return { sellers: await existing(), created: missing };
}

/**
 * Multi-row INSERTs, as many rows per statement as the engine takes (at most BATCH). Written by hand:
 * knex turns a multi-row insert into `SELECT … UNION ALL …` on SQLite, which stops at 500 rows.
 */
async function insertRows(db: Knex, table: string, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  const perStatement = isSqlite(db) ? Math.min(BATCH, Math.floor(SQLITE_MAX_BINDINGS / columns.length)) : BATCH;
  const tuple = `(${columns.map(() => '?').join(',')})`;
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    const bindings = chunk.flatMap((row) => columns.map((c) => row[c]));
    const sql = `insert into ?? (${columns.map(() => '??').join(',')}) values ${chunk.map(() => tuple).join(',')}`;
    try {
      await db.raw(sql, [table, ...columns, ...bindings]);
    } catch (err) {
      // the driver's message quotes the whole statement (megabytes): keep its end, where the reason is
      const message = (err as Error).message;
      throw Object.assign(new Error(`inserting ${chunk.length} rows into ${table}: …${message.slice(-400)}`), {
        code: (err as { code?: string }).code,
        cause: err,
      });
    }
  }
}

/** The id after every listing there is or was (an AUTOINCREMENT counter never goes back). */
async function nextProductId(db: Knex): Promise<number> {
  const { maxId } = (await db('products').max({ maxId: 'id' }).first()) as { maxId: number | null };
  let counter: number;
  if (isSqlite(db)) {
    const row = (await db('sqlite_sequence').where({ name: 'products' }).first('seq')) as { seq: number } | undefined;
    counter = row ? Number(row.seq) + 1 : 0;
  } else {
    const [rows] = (await db.raw(
      "SELECT AUTO_INCREMENT AS next FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'products'",
    )) as [{ next: number | null }[]];
    counter = Number(rows[0]?.next ?? 0);
  }
  return Math.max(Number(maxId ?? 0) + 1, counter, 1);
}

/** How many listings the seeded sellers have (what the bench checks before seeding again). */
export async function countBulkListings(db: Knex): Promise<number> {
  const [{ n }] = await db('products as p')
    .join('users as u', 'u.id', 'p.user_id')
    .where('u.email', 'like', `%@${BULK_EMAIL_DOMAIN}`)
    .count({ n: '*' });
  return Number(n);
}

/**
 * Removes the seeded sellers, their addresses and their listings (photos, dimensions, likes … go with
 * them by cascade). Walks the listings by id range: one indexed range a statement, however large.
 */
export async function removeBulkListings(db: Knex): Promise<{ listings: number; sellers: number }> {
  const sellerIds: number[] = await sellerQuery(db).pluck('id');
  if (sellerIds.length === 0) return { listings: 0, sellers: 0 };
  const range = (await db('products').whereIn('user_id', sellerIds).min({ low: 'id' }).max({ high: 'id' }).first()) as {
    low: number | null;
    high: number | null;
  };
  let listings = 0;
  if (range.low !== null && range.high !== null) {
    for (let low = Number(range.low); low <= Number(range.high); low += BATCH * 2) {
      const ids = db('products')
        .whereBetween('id', [low, low + BATCH * 2 - 1])
        .whereIn('user_id', sellerIds);
      // the search index has no foreign key (it is rebuilt from products): its rows go first
      await db('search_terms').whereIn('product_id', ids.clone().select('id')).del();
      listings += await ids.del();
    }
  }
  await db('addresses').whereIn('user_id', sellerIds).del();
  await db('users').whereIn('id', sellerIds).del();
  return { listings, sellers: sellerIds.length };
}

/** Adds `listings` listings (see the file's comment); prints progress through `log`. */
export async function bulkSeed(db: Knex, options: BulkSeedOptions): Promise<BulkSeedReport> {
  const log = options.log ?? (() => undefined);
  const total = options.listings;
  if (!Number.isInteger(total) || total < 1) throw new Error('listings must be a positive integer');
  const started = performance.now();

  let removed = 0;
  if (options.reset) {
    const gone = await removeBulkListings(db);
    removed = gone.listings;
    log(`removed ${fmt(gone.listings)} seeded listings and ${fmt(gone.sellers)} sellers`);
  }

  const firstId = await nextProductId(db);
  // a different stream of listings for each run unless a seed is given: appended runs do not repeat
  const rng = generator(options.seed ?? firstId);
  const leaves = await leafCategories(db);
  const photos = await ensurePhotoPool(options.dataDir);
  const wantedSellers = options.sellers ?? Math.max(1, Math.min(300, Math.ceil(total / 5)));
  const { sellers, created } = await ensureSellers(db, wantedSellers, rng);
  const g: Generation = {
    rng,
    leaves,
    popularity: leaves.map((leaf) => [leaf, 1 + rng() * 4]),
    sellers,
    photos,
    now: Date.now(),
    total,
  };

  let photosAdded = 0;
  let dimensionsAdded = 0;
  let searchRows = 0;
  const loadStarted = performance.now();
  // a progress line at every tenth of a large load
  let tenth = 1;
  let inFlight: Promise<void> | null = null;
  for (let done = 0; done < total; done += BATCH) {
    const size = Math.min(BATCH, total - done);
    const batch: Batch = { products: [], images: [], dimensions: [], search: [] };
    // built while the previous batch is being written: the database and node work at the same time
    for (let k = done; k < done + size; k += 1) addListing(g, batch, k, firstId + k);
    await inFlight;
    photosAdded += batch.images.length;
    dimensionsAdded += batch.dimensions.length;
    searchRows += batch.search.length;
    inFlight = db.transaction(async (trx) => {
      await insertRows(trx, 'products', batch.products);
      await insertRows(trx, 'product_images', batch.images);
      await insertRows(trx, 'product_dimensions', batch.dimensions);
      await insertRows(trx, 'search_terms', batch.search);
    });
    if (total >= 50_000 && (done + size) * 10 >= total * tenth) {
      const seconds = (performance.now() - loadStarted) / 1000;
      log(`  ${fmt(done + size)} / ${fmt(total)} listings, ${fmt(Math.round((done + size) / seconds))} listings/s`);
      tenth = Math.floor(((done + size) * 10) / total) + 1;
    }
  }
  await inFlight;
  const loadSeconds = (performance.now() - loadStarted) / 1000;

  const totalSeconds = (performance.now() - started) / 1000;
  const rows = total + photosAdded + dimensionsAdded;
  return {
    listings: total,
    photos: photosAdded,
    dimensions: dimensionsAdded,
    sellers: sellers.length,
    newSellers: created,
    removed,
    firstId,
    lastId: firstId + total - 1,
    searchRows,
    loadSeconds,
    totalSeconds,
    listingsPerSecond: Math.round(total / totalSeconds),
    rowsPerSecond: Math.round(rows / totalSeconds),
  };
}

/** One line for the terminal. */
export function describeReport(r: BulkSeedReport): string {
  const parts = [
    `added ${fmt(r.listings)} listings (ids ${r.firstId}–${r.lastId}), ${fmt(r.photos)} photos, ${fmt(r.dimensions)} dimensions`,
    `${fmt(r.sellers)} sellers (${fmt(r.newSellers)} new)`,
    `${fmt(r.searchRows)} search index rows`,
    `in ${r.totalSeconds.toFixed(1)} s (load ${r.loadSeconds.toFixed(1)} s)`,
    `${fmt(r.listingsPerSecond)} listings/s, ${fmt(r.rowsPerSecond)} rows/s`,
  ];
  return parts.join('; ');
}

export const BULK_USAGE = 'usage: cli.js seed:bulk --listings N [--reset] [--sellers N] [--seed N]';

/** A mistyped command line: the CLI prints the message and the usage, not a stack trace. */
export class UsageError extends Error {}

/** `--listings 1000 --reset …` → options (dataDir and log are the caller's). */
export function parseBulkArgs(argv: string[]): Omit<BulkSeedOptions, 'dataDir' | 'log'> {
  const parsed = (() => {
    try {
      return parseArgs({
        args: argv,
        options: {
          listings: { type: 'string' },
          reset: { type: 'boolean', default: false },
          sellers: { type: 'string' },
          seed: { type: 'string' },
        },
        strict: true,
      });
    } catch (err) {
      throw new UsageError(`${(err as Error).message}\n${BULK_USAGE}`);
    }
  })();
  const { values } = parsed;
  const count = (name: string, raw: string | undefined): number | undefined => {
    if (raw === undefined) return undefined;
    // 1_000_000 and 1,000,000 read as they are written
    const value = Number(raw.replace(/[_,]/g, ''));
    if (!Number.isInteger(value) || value < 1)
      throw new UsageError(`--${name} must be a positive integer\n${BULK_USAGE}`);
    return value;
  };
  const listings = count('listings', values.listings);
  if (listings === undefined) throw new UsageError(`--listings is required\n${BULK_USAGE}`);
  return {
    listings,
    reset: values.reset,
    sellers: count('sellers', values.sellers),
    seed: count('seed', values.seed),
  };
}
