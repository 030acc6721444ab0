import type { Request, Response } from 'express';
import Joi from 'joi';
import {
  endpoints,
  messages,
  ModerationActions,
  ModerationKinds,
  staffMessages,
  type ModerationAction,
  type ModerationKind,
} from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { authOf } from '../auth';
import { idSchema, ok, pagingKeys, type Paging } from '../../http';
import type { ApiRouter } from '../router';
import * as moderation from './service';

const object = (keys: Joi.PartialSchemaMap) => Joi.object(keys).messages({ 'object.base': messages.validationFailed });
const kind = Joi.string()
  .valid(...ModerationKinds)
  .required()
  .messages({ '*': messages.validationFailed });
const reason = Joi.string().trim().min(1).max(500).required().messages({ '*': staffMessages.reasonRequired });

const queueSchema = object({ kind, ...pagingKeys() });
const actSchema = object({
  kind,
  targetId: idSchema(staffMessages.noSuchTarget).required(),
  action: Joi.string()
    .valid(...ModerationActions)
    .required()
    .messages({ '*': messages.validationFailed }),
  reason,
});
const userSchema = object({ userId: idSchema(staffMessages.noSuchUser).required(), reason });

const actor = (req: Request, res: Response) => ({ auth: authOf(res), ip: req.ip ?? 'unknown' });

/** The moderation queues and their actions, and a member's suspension (the spec's admin groups reports and users). */
export function moderationRoutes(deps: ApiDeps, api: ApiRouter): void {
  api.handle<{ kind: ModerationKind } & Paging>(
    endpoints.staffReports,
    { schema: queueSchema },
    async ({ input, res }) => {
      ok(res, await moderation.queue(deps, input));
    },
  );

  api.handle<{ kind: ModerationKind; targetId: number; action: ModerationAction; reason: string }>(
    endpoints.staffModerate,
    { schema: actSchema },
    async ({ input, req, res }) => {
      ok(res, null, await moderation.act(deps, actor(req, res), input));
    },
  );

  for (const [endpoint, action] of [
    [endpoints.staffSuspendUser, 'hide'],
    [endpoints.staffRestoreUser, 'restore'],
  ] as const) {
    api.handle<{ userId: number; reason: string }>(endpoint, { schema: userSchema }, async ({ input, req, res }) => {
      const done = await moderation.act(deps, actor(req, res), {
        kind: 'user',
        targetId: input.userId,
        action,
        reason: input.reason,
      });
      ok(res, null, done);
    });
  }
}
