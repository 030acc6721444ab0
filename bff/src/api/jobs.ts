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
import type { ShippingPort } from '../adapters/shipping';
import { cardHandlers } from './cards';
import { disputeHandlers } from './disputes';
import { searchIndexHandlers } from './catalog';
import { reconciliationSchedule } from './ledger';
import { orderHandlers, orderSchedules, type OrderDeps } from './orders';
import { notificationHandlers, type NotificationDeps } from './notifications';
import { payoutSchedule } from './payouts';
import { swapHandlers, swapSchedules } from './swaps';

/** Every handler of the api's domain events; later features add theirs here. */
export function apiHandlers(orders?: OrderDeps, notifications?: NotificationDeps): Handler[] {
  return [
    ...searchIndexHandlers(databaseSearchIndex()),
    ...(orders
      ? [...orderHandlers(orders), ...swapHandlers(orders), ...cardHandlers(orders), ...disputeHandlers(orders)]
      : []),
    ...(notifications ? notificationHandlers(notifications) : []),
  ];
}

/**
 * Every periodic job of the api: the maintenance, and with a payment provider its payouts and reconciliation,
 * and with a carrier service too the orders' (inspection windows, unfinished captures, labels).
 */
export function apiSchedules(
  logger: Logger,
  payments?: PaymentsPort,
  orders?: OrderDeps,
  orderJobsEveryMs?: number,
): Schedule[] {
  if (!payments) return maintenanceSchedules;
  return [
    ...maintenanceSchedules,
    payoutSchedule(payments, logger),
    reconciliationSchedule(payments, logger),
    ...(orders
      ? [...orderSchedules(orders, logger, orderJobsEveryMs), ...swapSchedules(orders, logger, orderJobsEveryMs)]
      : []),
  ];
}

/**
 * The api's events and the runner that works them off, wired together: an emit that queued work wakes
 * the local runner after its commit. The caller starts and stops the runner.
 */
export function createApiJobs(
  db: Knex,
  logger: Logger,
  options: Partial<JobRunnerOptions> & {
    payments?: PaymentsPort;
    shipping?: ShippingPort;
    orderJobsEveryMs?: number;
    /** users' connections, push and mail: notifications are written (and delivered) only with them */
    notifications?: Omit<NotificationDeps, 'db' | 'events'>;
  } = {},
): { events: Outbox; runner: JobRunner } {
  const { payments, shipping, orderJobsEveryMs, notifications, ...runnerOptions } = options;
  // the orders' handlers and schedules emit events themselves: through the outbox made below, which needs
  // the handlers first, so they reach it through this holder (filled before any job can run)
  const outbox: { events?: Outbox } = {};
  const orders: OrderDeps | undefined =
    payments && shipping
      ? {
          db,
          logger,
          payments,
          shipping,
          get events() {
            return outbox.events!;
          },
        }
      : undefined;
  const notify: NotificationDeps | undefined = notifications && {
    ...notifications,
    db,
    get events() {
      return outbox.events!;
    },
  };
  const handlers = runnerOptions.handlers ?? new HandlerRegistry(apiHandlers(orders, notify));
  const schedules = apiSchedules(logger, payments, orders, orderJobsEveryMs);
  const runner = createJobRunner({ db, logger, schedules, ...runnerOptions, handlers });
  const events = createOutbox(handlers, { onEmitted: () => runner.wake() });
  outbox.events = events;
  return { events, runner };
}
