import type { Knex } from 'knex';

/**
 * The outbox (bff/src/jobs): one row per event and handler, written in the transaction of the change
 * that raised the event, and worked off by the job runner of every api process. Times are epoch
 * milliseconds on both engines. `scheduled_jobs` holds when each periodic job is next due; a runner
 * takes a run by moving that time forward in one UPDATE, so that one runner among many does each run.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('outbox', (t) => {
    t.bigIncrements('id').primary();
    t.string('event', 64).notNullable();
    t.string('handler', 64).notNullable();
    t.text('payload').notNullable();
    // pending → done, or dead after the last attempt
    t.string('status', 8).notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.bigInteger('run_at').notNullable();
    t.text('last_error');
    t.bigInteger('created_at').notNullable();
    t.bigInteger('done_at');
    // what the runner reads: the due pending rows, in the order it takes them
    t.index(['status', 'run_at', 'id']);
  });
  await knex.schema.createTable('scheduled_jobs', (t) => {
    t.string('name', 64).primary();
    t.bigInteger('next_run_at').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('scheduled_jobs');
  await knex.schema.dropTableIfExists('outbox');
}
