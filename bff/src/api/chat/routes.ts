import { endpoints, type ChatPageBody, type MuteChatBody, type SendChatBody } from '@swapstuff/contracts';
import type { ApiDeps } from '../deps';
import { created, ok } from '../../http';
import { authOf } from '../auth';
import type { ApiRouter } from '../router';
import { muteSchema, pageSchema, sendSchema } from './schemas';
import * as chat from './service';

/**
 * Issue 16: the conversation list, a conversation's pages, and sending (stored before it is answered, then
 * delivered to both users' connections); typing heard over socket.io.
 */
export function chatRoutes(deps: ApiDeps, api: ApiRouter): void {
  deps.realtime.onClient('chat:typing', (userId, payload) => chat.typing(deps, userId, payload));

  api.handle(endpoints.userChats, {}, async ({ res }) => {
    ok(res, await chat.list(deps, authOf(res).user.id));
  });

  api.handle<ChatPageBody>(endpoints.userChat, { schema: pageSchema }, async ({ input, res }) => {
    ok(res, await chat.page(deps, authOf(res).user.id, input));
  });

  api.handle<SendChatBody>(endpoints.sendChat, { schema: sendSchema }, async ({ input, res }) => {
    const { sent, created: isNew } = await chat.send(deps, authOf(res).user.id, input);
    (isNew ? created : ok)(res, sent);
  });

  api.handle<MuteChatBody>(endpoints.muteChat, { schema: muteSchema }, async ({ input, res }) => {
    ok(res, await chat.mute(deps, authOf(res).user.id, input));
  });
}
