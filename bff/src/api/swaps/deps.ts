import type { OrderDeps } from '../orders';

/** What swaps' changes, jobs and handlers need of the api (the job runner has no request, no storage). */
export type SwapDeps = OrderDeps;
