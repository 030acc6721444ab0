import type { ApiDeps } from '../deps';

/** What orders' jobs need of the api (the job runner has no request, no mailer, no storage). */
export type OrderDeps = Pick<ApiDeps, 'db' | 'logger' | 'payments' | 'shipping' | 'events'>;
