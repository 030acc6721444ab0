import { endpoints, profileMessages, safetyMessages } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { idParam, ok } from '../../http';
import { authOf } from '../auth';
import type { ApiRouter } from '../router';
import * as blocks from './service';

/** Issue 15: a user blocks and unblocks others, and lists whom they block. */
export function blocksRoutes(deps: ApiDeps, api: ApiRouter): void {
  api.handle(endpoints.blockUser, {}, async ({ req, res }) => {
    const userId = idParam(req.params.userId, profileMessages.userNotFound);
    ok(res, await blocks.block(deps, authOf(res).user.id, userId), safetyMessages.blocked);
  });

  api.handle(endpoints.unblockUser, {}, async ({ req, res }) => {
    const userId = idParam(req.params.userId, profileMessages.userNotFound);
    ok(res, await blocks.unblock(deps, authOf(res).user.id, userId), safetyMessages.unblocked);
  });

  api.handle(endpoints.blockedUsers, {}, async ({ res }) => {
    ok(res, { users: await blocks.blockedUsers(deps, authOf(res).user.id) });
  });
}
