import type { DeleteReason } from '@swapstuff/contracts';
import type { Knex } from '@swapstuff/db';

export const accountRepo = {
  async deleteReasons(db: Knex): Promise<DeleteReason[]> {
    return db('delete_account_reasons').select('id', 'name').orderBy(['sort_order', 'id']);
  },
};
