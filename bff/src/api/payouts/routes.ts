import { endpoints } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { ok } from '../../http';
import { authOf } from '../auth';
import type { ApiRouter } from '../router';
import * as payouts from './service';

/** A seller's payouts: whether they are set up, and the provider's onboarding page to set them up. */
export function payoutsRoutes(deps: ApiDeps, api: ApiRouter): void {
  api.handle(endpoints.payoutAccount, {}, async ({ res }) => {
    ok(res, { payouts: await payouts.status(deps, authOf(res).user.id) });
  });

  api.handle(endpoints.payoutBalance, {}, async ({ res }) => {
    ok(res, { balance: await payouts.balance(deps, authOf(res).user.id) });
  });

  api.handle(endpoints.payoutOnboarding, {}, async ({ res }) => {
    ok(res, { url: await payouts.onboardingLink(deps, authOf(res).user) });
  });
}
