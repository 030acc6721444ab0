/** @jest-environment jsdom */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import {
  chatMessages,
  safetyMessages,
  type ChatMessage,
  type ChatPageContent,
  type ChatSummary,
} from '@swapstuff/contracts';
import { useSession } from '@swapstuff/sdk';
import {
  deliverRealtime,
  fakeFetch,
  ok,
  realtimeConnected,
  refused,
  TestQueryProvider,
  testUser,
} from '@swapstuff/sdk/testing';
import { ChatPage } from './ChatPage';

const server = fakeFetch();
const me = testUser({ id: 1 });
const ada = { id: 7, first_name: 'Ada', last_name: 'Lovelace', avatar: null, is_business: 0 as const };

const message = (id: number, senderId: number, text: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  chatId: 30,
  senderId,
  text,
  image: null,
  clientId: `m${id}`,
  createdAt: '2026-11-20T10:00:00.000Z',
  offPlatform: false,
  ...extra,
});

const summary = (extra: Partial<ChatSummary> = {}): ChatSummary => ({
  id: 30,
  peer: ada,
  product: {
    id: 5,
    title: 'Walnut desk',
    sales_price: '120.00',
    featured_image: null,
    is_buyable: 1,
    status: 1,
  },
  lastMessage: message(11, 7, 'Still available?'),
  unreadCount: 1,
  peerReadUpTo: 0,
  muted: false,
  ...extra,
});

const page = (content: Partial<ChatPageContent>) => ok({ chat: summary(), messages: [], hasMore: false, ...content });

function Where() {
  const location = useLocation();
  return <output aria-label="address">{location.pathname + location.search}</output>;
}

function show(at: string) {
  render(
    <MemoryRouter initialEntries={[at]}>
      <ChatPage />
      <Where />
    </MemoryRouter>,
    { wrapper: TestQueryProvider },
  );
}

const bodies = (path: string) =>
  server.calls
    .filter((call) => call.url === path && call.init?.method === 'POST')
    .map((call) => JSON.parse(String(call.init?.body)) as Record<string, unknown>);

beforeEach(() => {
  useSession.getState().reset();
  useSession.getState().signIn(me);
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
  server.answer('GET /api/user/chats', ok({ chats: [summary()], unread_count: 1 }));
});

it('lists the conversations, with the other person, the listing, the last message and the unread count', async () => {
  show('/chat');
  const row = await screen.findByRole('link', { name: 'Ada L., 1 unread' });
  expect(within(row).getByText('Walnut desk')).toBeTruthy();
  expect(within(row).getByText('Still available?')).toBeTruthy();
  expect(screen.getByText('Choose a conversation')).toBeTruthy();
});

it('says so when there is no conversation yet', async () => {
  server.answer('GET /api/user/chats', ok({ chats: [], unread_count: 0 }));
  show('/chat');
  expect(await screen.findByText('No conversations yet')).toBeTruthy();
});

it('starts a conversation about a listing with its first message, then names it in the address', async () => {
  server.answer(
    'POST /api/userchat',
    ok({ chat: null, messages: [], hasMore: false }),
    page({ messages: [message(12, 1, 'Hi')] }),
  );
  server.answer('POST /api/userchat/send', {
    status: 201,
    body: { Success: true, Description: '', Content: { message: message(12, 1, 'Hi'), chat: summary() } },
  });
  const user = userEvent.setup({ delay: null });
  show('/chat?product=5');
  expect(await screen.findByText(/Say hello/)).toBeTruthy();
  await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hi{Enter}');
  await waitFor(() => expect(screen.getByRole('status', { name: 'address' }).textContent).toBe('/chat?chat=30'));
  const [sent] = bodies('/api/userchat/send');
  expect(sent).toEqual({ productId: 5, text: 'Hi', clientId: expect.stringMatching(/^[0-9a-f]{32}$/) });
  expect(await screen.findByText('Hi')).toBeTruthy();
});

it("shows the other's messages as they come (read at once), their typing, and their read receipt", async () => {
  server.answer(
    'POST /api/userchat',
    page({ messages: [message(11, 7, 'Still available?'), message(12, 1, 'Yes!')] }),
    page({ messages: [message(13, 7, 'Great, tomorrow?')] }),
  );
  show('/chat?chat=30');
  expect(await screen.findByText('Yes!')).toBeTruthy();

  act(() => deliverRealtime('chat:typing', { chatId: 30, userId: 7 }));
  expect(screen.getByText('Ada L. is typing…')).toBeTruthy();

  act(() => deliverRealtime('chat:message', message(13, 7, 'Great, tomorrow?')));
  expect(await screen.findByText('Great, tomorrow?')).toBeTruthy();
  // read by asking for what came after the last page's newest message
  expect(bodies('/api/userchat').at(-1)).toEqual({ chatId: 30, afterId: 12 });
  expect(screen.queryByText('Ada L. is typing…')).toBeNull();

  expect(screen.queryByText(/Seen/)).toBeNull();
  act(() => deliverRealtime('chat:read', { chatId: 30, userId: 7, upToId: 12 }));
  expect(screen.getByText(/Seen/)).toBeTruthy();
  // another conversation's events change nothing here
  act(() => deliverRealtime('chat:typing', { chatId: 31, userId: 7 }));
  expect(screen.queryByText('Ada L. is typing…')).toBeNull();
});

it('waits for the user while the tab is hidden, and catches up after a reconnection', async () => {
  server.answer(
    'POST /api/userchat',
    page({ messages: [message(12, 1, 'Yes!')] }),
    page({ messages: [message(13, 7, 'Hello?')] }),
    page({ messages: [] }),
  );
  show('/chat?chat=30');
  expect(await screen.findByText('Yes!')).toBeTruthy();
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
  act(() => deliverRealtime('chat:message', message(13, 7, 'Hello?')));
  expect(bodies('/api/userchat')).toHaveLength(1);

  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
  expect(await screen.findByText('Hello?')).toBeTruthy();
  act(() => realtimeConnected());
  await waitFor(() => expect(bodies('/api/userchat').at(-1)).toEqual({ chatId: 30, afterId: 13 }));
});

it("keeps a receipt heard before the sender's own call answered", async () => {
  server.answer('POST /api/userchat', page({ messages: [message(11, 7, 'Still available?')] }));
  server.answer('POST /api/userchat/send', {
    status: 201,
    body: { Success: true, Description: '', Content: { message: message(14, 1, 'Yes, it is'), chat: summary() } },
  });
  const user = userEvent.setup({ delay: null });
  show('/chat?chat=30');
  const box = await screen.findByRole('textbox', { name: 'Message' });
  // the other read message 14 as it arrived, before the answer to its sending (which says 0) came back
  act(() => deliverRealtime('chat:read', { chatId: 30, userId: 7, upToId: 14 }));
  await user.type(box, 'Yes, it is{Enter}');
  expect(await screen.findByText('Yes, it is')).toBeTruthy();
  expect(screen.getByText(/Seen/)).toBeTruthy();
});

it('warns beside a message that asks to pay off the platform', async () => {
  server.answer(
    'POST /api/userchat',
    page({ messages: [message(12, 7, 'pay me outside, 555-123-4567', { offPlatform: true })] }),
  );
  show('/chat?chat=30');
  expect(await screen.findByText(chatMessages.offPlatformWarning)).toBeTruthy();
});

it('keeps a message that could not be sent, with the reason and Retry (the same client id)', async () => {
  server.answer('POST /api/userchat', page({ messages: [message(11, 7, 'Still available?')] }));
  server.answer('POST /api/userchat/send', refused(403, safetyMessages.blockedBetween), {
    status: 201,
    body: { Success: true, Description: '', Content: { message: message(14, 1, 'Are you there?'), chat: summary() } },
  });
  const user = userEvent.setup({ delay: null });
  show('/chat?chat=30');
  await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Are you there?');
  await user.click(screen.getByRole('button', { name: /Send/ }));
  expect((await screen.findByRole('alert')).textContent).toContain(`Not sent: ${safetyMessages.blockedBetween}`);
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  const [first, again] = bodies('/api/userchat/send');
  expect(again.clientId).toBe(first.clientId);
  expect(first).toMatchObject({ chatId: 30, text: 'Are you there?' });
});

it('says so when the conversation cannot be loaded, with Retry', async () => {
  server.answer('POST /api/userchat', refused(404, chatMessages.chatNotFound), page({ messages: [] }));
  const user = userEvent.setup({ delay: null });
  show('/chat?chat=99');
  expect(await screen.findByText('The conversation could not be loaded')).toBeTruthy();
  await user.click(screen.getByRole('button', { name: /Retry/ }));
  expect(await screen.findByText(/Say hello/)).toBeTruthy();
});
