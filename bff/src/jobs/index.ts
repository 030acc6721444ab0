/**
 * Domain events and the jobs they start: events are written to the outbox in the transaction of the
 * change (outbox.ts), and every api process runs a job runner that works them off and runs the
 * periodic jobs (runner.ts). See docs/decisions.md, "Outbox and jobs".
 */
export type { DomainEvents, EventName } from './events';
export { HandlerRegistry, on, onOutside, type Handler, type HandlerContext, type HandlerMode } from './handlers';
export { createOutbox, type Outbox } from './outbox';
export { createJobRunner, type JobRunner, type JobRunnerOptions, type Schedule } from './runner';
export { maintenanceSchedules } from './maintenance';
