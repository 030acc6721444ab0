import type { Logger } from 'pino';
import type { Knex } from '@swapstuff/db';
import { databaseSearchIndex } from '../adapters/search-index';
import {
  createJobRunner,
  createOutbox,
  HandlerRegistry,
  maintenanceSchedules,
  type Handler,
  type JobRunner,
  type JobRunnerOptions,
  type Outbox,
  type Schedule,
} from '../jobs';
import type { PaymentsPort } from '../adapters/payments';
import { searchIndexHandlers } from './catalog';
import { reconciliationSchedule } from './ledger';
import { payoutSchedule } from './payouts';

/** Every handler of the api's domain events; later features add theirs here. */
export function apiHandlers(): Handler[] {
  return [...searchIndexHandlers(databaseSearchIndex())];
}

/** Every periodic job of the api: the maintenance, and with a payment provider its payouts and reconciliation. */
export function apiSchedules(logger: Logger, payments?: PaymentsPort): Schedule[] {
  if (!payments) return maintenanceSchedules;
  return [...maintenanceSchedules, payoutSchedule(payments, logger), reconciliationSchedule(payments, logger)];
}

/**
 * The api's events and the runner that works them off, wired together: an emit that queued work wakes
 * the local runner after its commit. The caller starts and stops the runner.
 */
export function createApiJobs(
  db: Knex,
  logger: Logger,
  options: Partial<JobRunnerOptions> & { payments?: PaymentsPort } = {},
): { events: Outbox; runner: JobRunner } {
  const { payments, ...runnerOptions } = options;
  const handlers = runnerOptions.handlers ?? new HandlerRegistry(apiHandlers());
  const schedules = apiSchedules(logger, payments);
  const runner = createJobRunner({ db, logger, schedules, ...runnerOptions, handlers });
  const events = createOutbox(handlers, { onEmitted: () => runner.wake() });
  return { events, runner };
}
