export { swapsRoutes } from './routes';
export { swapHandlers, swapSchedules } from './jobs';
export { OFFER_MOVES, canMoveOffer } from './status';
export type { SwapDeps } from './deps';
export { swapsRepo } from './repo';
