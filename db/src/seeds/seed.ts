import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { isUniqueViolation } from '../errors';
import { categoryTree, childSlug, deleteAccountReasons } from './data';

/** Seed media shipped with the package; the same relative place from src/ and from dist/. */
export const SEED_MEDIA_DIR = path.resolve(__dirname, '../../seeds/media');

const FOUNDATION_SEED = 'foundation';

/** Copies the seed media into `${dataDir}/media` (idempotent; uploads live beside it and are untouched). */
export async function copySeedMedia(dataDir: string): Promise<void> {
  const from = path.join(SEED_MEDIA_DIR, 'categories');
  const to = path.join(dataDir, 'media', 'categories');
  await fs.mkdir(to, { recursive: true });
  for (const file of await fs.readdir(from)) {
    await fs.copyFile(path.join(from, file), path.join(to, file));
  }
}

async function insertFoundationRows(trx: Knex.Transaction): Promise<void> {
  for (const [index, top] of categoryTree.entries()) {
    const image = `/media/categories/${top.slug}.svg`;
    const [parentId] = await trx('categories').insert({
      name: top.name,
      slug: top.slug,
      image,
      parent_id: null,
      sort_order: index,
    });
    await trx('categories').insert(
      top.children.map((name, childIndex) => ({
        name,
        slug: childSlug(top.slug, name),
        image,
        parent_id: parentId,
        sort_order: childIndex,
      })),
    );
  }
  await trx('delete_account_reasons').insert(deleteAccountReasons.map((name, i) => ({ name, sort_order: i })));
}

/**
 * Seeds reference data once. Safe when several processes start together: each claims the seed by
 * inserting its row in `seed_runs` inside the transaction that writes the data, so exactly one wins
 * (the others block on the primary key until it commits, then see a duplicate and skip).
 * Returns true when this call seeded.
 */
export async function seedIfEmpty(knex: Knex, opts: { dataDir: string }): Promise<boolean> {
  await copySeedMedia(opts.dataDir);
  try {
    await knex.transaction(async (trx) => {
      await trx('seed_runs').insert({ name: FOUNDATION_SEED, ran_at: new Date() });
      await insertFoundationRows(trx);
    });
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}
