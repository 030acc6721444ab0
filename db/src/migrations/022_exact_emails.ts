import type { Knex } from 'knex';
import { isSqlite } from '../engine';

/**
 * Issue 32, finding 5: an e-mail is one account's in one spelling. MariaDB compared e-mails through
 * utf8mb4_general_ci, which ignores accents, so `vtwò@éxample.com` found the account of `vtwo@example.com`
 * while the per-account limits counted it as another address. E-mails are now stored in their canonical
 * form (NFC, lower case: users/repo's canonicalEmail) and compared byte for byte, as SQLite always did.
 */
export async function up(knex: Knex): Promise<void> {
  const rows = (await knex('users').select('id', 'email')) as { id: number; email: string }[];
  for (const { id, email } of rows) {
    const canonical = email.trim().normalize('NFC').toLowerCase();
    if (canonical !== email) await knex('users').where({ id }).update({ email: canonical });
  }
  if (!isSqlite(knex)) {
    await knex.raw('ALTER TABLE users MODIFY email VARCHAR(254) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL');
  }
}

export async function down(knex: Knex): Promise<void> {
  if (!isSqlite(knex)) {
    await knex.raw(
      'ALTER TABLE users MODIFY email VARCHAR(254) CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci NOT NULL',
    );
  }
}
