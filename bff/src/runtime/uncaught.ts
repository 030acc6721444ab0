import type { Logger } from 'pino';
import { currentRequest } from './request-context';

/**
 * Nothing goes unseen, and nothing ends the process unannounced. A rejection nobody handled is logged with
 * the request whose work it was, and the process goes on: the promise's work is lost, the process's state
 * is not. An exception nobody caught may have left a synchronous change half made: it is logged with its
 * request, then `fatal` shuts the process down (its supervisor starts a fresh one).
 */
export function reportUncaught(logger: Logger, fatal: () => void): void {
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason, request: currentRequest() }, 'unhandled rejection');
  });
  process.on('uncaughtException', (err) => {
    logger.fatal({ err, request: currentRequest() }, 'uncaught exception: restarting');
    fatal();
  });
}
