import type { Knex } from '@swapstuff/db';
import type { Schedule } from './runner';

const HOUR = 60 * 60_000;
/** Done outbox rows are kept a week, to answer "did that happen?" */
const DONE_KEPT_MS = 7 * 24 * HOUR;

/** Housekeeping the api processes share: expired rate-limit counters and old outbox rows go. */
export const maintenanceSchedules: Schedule[] = [
  {
    name: 'rate-limits.purge',
    everyMs: HOUR,
    run: async (db: Knex) => {
      await db('rate_limits').where('reset_at', '<', Date.now()).delete();
    },
  },
  {
    name: 'outbox.purge',
    everyMs: HOUR,
    run: async (db: Knex) => {
      await db('outbox')
        .where('status', 'done')
        .where('done_at', '<', Date.now() - DONE_KEPT_MS)
        .delete();
    },
  },
];
