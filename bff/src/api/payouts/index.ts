export { payoutsRoutes } from './routes';
export { payoutAccountsRepo, type PayoutAccountRow } from './repo';
export { status as payoutStatus } from './service';
export { payoutSchedule } from './schedule';
