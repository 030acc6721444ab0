import type { Knex } from 'knex';
import { isSqlite } from '../engine';

/**
 * Issue 34: support staff. A staff member is a user with a row in `staff_roles` (granted and revoked by an admin
 * only; the column `users.role` it replaces goes). Staff sign in with a second factor: an authenticator app's
 * secret (TOTP, RFC 6238), kept encrypted, with the last time step accepted so that no code opens twice, and ten
 * one-time recovery codes kept hashed. A staff sign-in is a token of its own kind whose second factor is noted on
 * it (`second_factor_at`) and which ends at `expires_at` however busy it is. Every staff action is written to
 * `audit_events`, which refuses UPDATE and DELETE as the ledger's tables do.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('staff_roles', (t) => {
    t.integer('user_id').unsigned().primary().references('id').inTable('users').onDelete('CASCADE');
    t.string('role', 16).notNullable(); // admin | support
    // null for the first admin, made by the command line
    t.integer('granted_by').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.datetime('granted_at', { precision: 3 }).notNullable();
  });
  // the roles users had before they had a table of their own (made by hand in the database: there was no other way)
  const staff: { id: number; role: string }[] = await knex('users')
    .whereIn('role', ['admin', 'support'])
    .select('id', 'role');
  const now = new Date();
  for (const { id, role } of staff) await knex('staff_roles').insert({ user_id: id, role, granted_at: now });
  await knex.raw('ALTER TABLE users DROP COLUMN role');

  await knex.schema.createTable('staff_factors', (t) => {
    t.integer('user_id').unsigned().primary().references('id').inTable('users').onDelete('CASCADE');
    // the authenticator secret, AES-256-GCM under the api's staff key (base64url of iv, tag and ciphertext)
    t.string('secret', 255).notNullable();
    // null while the secret is offered and not yet confirmed by a first code
    t.datetime('enrolled_at', { precision: 3 }).nullable();
    // the last TOTP time step a code was accepted for: a code of that step or an earlier one is refused
    t.bigInteger('last_step').notNullable().defaultTo(0);
  });

  await knex.schema.createTable('staff_recovery_codes', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    // sha256 hex of the code (60 random bits: a hash that cannot be reversed in practice)
    t.string('code_hash', 64).notNullable();
    t.datetime('used_at', { precision: 3 }).nullable();
    t.index(['user_id']);
  });

  await knex.schema.alterTable('auth_tokens', (t) => {
    // a staff sign-in: when its second factor was given (null until then), and its absolute end
    t.datetime('second_factor_at', { precision: 3 }).nullable();
    t.datetime('expires_at', { precision: 3 }).nullable();
  });

  await knex.schema.createTable('audit_events', (t) => {
    t.bigIncrements('id').primary();
    // who acted: a staff member, or null for the command line
    t.integer('staff_id').unsigned().nullable().index();
    t.string('kind', 40).notNullable().index(); // role.grant, dispute.resolve, …
    t.string('target_type', 20).notNullable();
    t.string('target_id', 40).notNullable();
    t.text('before').nullable(); // JSON
    t.text('after').nullable(); // JSON
    t.string('reason', 500).nullable();
    t.string('ip', 64).nullable();
    t.datetime('created_at', { precision: 3 }).notNullable().index();
    t.index(['target_type', 'target_id']);
  });
  for (const verb of ['UPDATE', 'DELETE']) {
    const name = `audit_events_no_${verb.toLowerCase()}`;
    const refusal = 'audit_events is append-only: what was done stays written';
    await knex.raw(
      isSqlite(knex)
        ? `CREATE TRIGGER ${name} BEFORE ${verb} ON audit_events BEGIN SELECT RAISE(ABORT, '${refusal}'); END`
        : `CREATE TRIGGER ${name} BEFORE ${verb} ON audit_events FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = '${refusal}'`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('audit_events');
  await knex.schema.alterTable('auth_tokens', (t) => {
    t.dropColumn('second_factor_at');
    t.dropColumn('expires_at');
  });
  await knex.schema.dropTableIfExists('staff_recovery_codes');
  await knex.schema.dropTableIfExists('staff_factors');
  await knex.schema.alterTable('users', (t) => {
    t.string('role', 16).notNullable().defaultTo('user');
  });
  const staff: { user_id: number; role: string }[] = await knex('staff_roles').select('user_id', 'role');
  for (const { user_id, role } of staff) await knex('users').where({ id: user_id }).update({ role });
  await knex.schema.dropTableIfExists('staff_roles');
}
