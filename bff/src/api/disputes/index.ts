export { disputesRoutes } from './routes';
export { resolve as resolveDispute, type Outcome } from './service';
export { disputeHandlers } from './jobs';
