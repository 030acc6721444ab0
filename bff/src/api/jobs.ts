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
} from '../jobs';
import { searchIndexHandlers } from './catalog';

/** Every handler of the api's domain events; later features add theirs here. */
export function apiHandlers(): Handler[] {
  return [...searchIndexHandlers(databaseSearchIndex())];
}

/**
 * The api's events and the runner that works them off, wired together: an emit that queued work wakes
 * the local runner after its commit. The caller starts and stops the runner.
 */
export function createApiJobs(
  db: Knex,
  logger: Logger,
  options: Partial<JobRunnerOptions> = {},
): { events: Outbox; runner: JobRunner } {
  const handlers = options.handlers ?? new HandlerRegistry(apiHandlers());
  const runner = createJobRunner({ db, logger, schedules: maintenanceSchedules, ...options, handlers });
  const events = createOutbox(handlers, { onEmitted: () => runner.wake() });
  return { events, runner };
}
