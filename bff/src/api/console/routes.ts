import Joi from 'joi';
import { endpoints, messages, staffMessages } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { authOf } from '../auth';
import { idParam, idSchema, ok } from '../../http';
import type { ApiRouter } from '../router';
import * as lookups from './service';

const searchSchema = Joi.object({
  q: Joi.string().trim().min(1).max(254).required().messages({ '*': staffMessages.searchRequired }),
}).messages({ 'object.base': messages.validationFailed });
const userSchema = Joi.object({ userId: idSchema(staffMessages.noSuchUser).required() }).messages({
  'object.base': messages.validationFailed,
});

/** The console's search and a member's page (the spec's admin group `users`). */
export function consoleRoutes(deps: ApiDeps, api: ApiRouter): void {
  api.handle<{ q: string }>(endpoints.staffSearch, { schema: searchSchema }, async ({ input, res }) => {
    ok(res, { hits: await lookups.search(deps.db, input.q) });
  });

  api.handle(endpoints.staffMember, {}, async ({ req, res }) => {
    ok(res, await lookups.memberFile(deps.db, idParam(req.params.id, staffMessages.noSuchUser)));
  });

  api.handle<{ userId: number }>(endpoints.staffSendReset, { schema: userSchema }, async ({ input, req, res }) => {
    await lookups.sendPasswordReset(deps, { auth: authOf(res), ip: req.ip ?? 'unknown' }, input.userId);
    ok(res, null, staffMessages.resetSent);
  });
}
