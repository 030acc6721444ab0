import { endpoints } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { ok } from '../../http';
import { authOf } from '../auth';
import type { ApiRouter } from '../router';
import { toUser } from '../users';
import { accountRepo } from './repo';

/** The signed-in user's own account (spec section 7, User). */
export function accountRoutes(deps: ApiDeps, api: ApiRouter): void {
  api.handle(endpoints.userDetail, {}, ({ res }) => {
    ok(res, { user: toUser(authOf(res).user) });
  });

  // Public: the delete-account form lists them before the user confirms with the password.
  api.handle(endpoints.deleteReasons, {}, async ({ res }) => {
    ok(res, await accountRepo.deleteReasons(deps.db));
  });
}
