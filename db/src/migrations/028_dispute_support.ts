import type { Knex } from 'knex';

/**
 * Issue 34: support staff work a dispute. They write on its timeline (entries of kind `support`, which both sides
 * read) and may ask one side for more information (an entry of kind `asked`): the dispute then names the side
 * asked and that entry, which the side's order card shows as the spec's `action_required` 1 with its
 * `admin_message`, until that side adds to the dispute.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('disputes', (t) => {
    t.string('info_requested_from', 8).nullable(); // buyer | seller
    t.integer('info_request_entry_id').unsigned().nullable();
    // the queue, oldest first among the open ones
    t.index(['status', 'created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('disputes', (t) => {
    t.dropIndex(['status', 'created_at']);
    t.dropColumn('info_requested_from');
    t.dropColumn('info_request_entry_id');
  });
}
