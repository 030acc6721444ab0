/** Users blocking users (issue 15): the block list, and the one check every feature between two users makes. */
export { blocksRoutes } from './routes';
export { blockedBetween, requireNoBlock } from './service';
