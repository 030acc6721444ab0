/** @jest-environment jsdom */
import { act, render, waitFor } from '@testing-library/react';
import type { ChatMessage, Notification } from '@swapstuff/contracts';
import { useSession } from '@swapstuff/sdk';
import { deliverRealtime, fakeFetch, ok, realtimeConnected, testUser } from '@swapstuff/sdk/testing';
import { LiveUpdates } from './LiveUpdates';

// the connection itself is socket.io's (tested against the real server in bff); here, what the shell does with it
const socket = { onAny: jest.fn(), on: jest.fn(), disconnect: jest.fn(), connected: true, emit: jest.fn() };
const io = jest.fn((..._args: unknown[]) => socket);
jest.mock('socket.io-client', () => ({ io: (...args: unknown[]) => io(...args) }));

const server = fakeFetch();
const me = testUser({ id: 1 });

const message = (chatId: number, senderId: number): ChatMessage => ({
  id: 50,
  chatId,
  senderId,
  text: 'hello',
  image: null,
  clientId: 'c1',
  createdAt: '2026-11-20T10:00:00.000Z',
  offPlatform: false,
});

const counts = () => server.calls.filter((call) => call.url === '/api/user/chats').length;
const badge = () => useSession.getState().chat.unreadCount;

beforeEach(() => {
  useSession.getState().reset();
  io.mockClear();
  socket.disconnect.mockClear();
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
  server.answer('GET /api/user/chats', ok({ chats: [], unread_count: 3 }));
  server.answer('GET /api/notification/count', ok({ unread_count: 2 }));
});

it('connects only while someone is signed in, and closes the connection at sign-out', async () => {
  render(<LiveUpdates />);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(io).not.toHaveBeenCalled();
  act(() => useSession.getState().signIn(me));
  await waitFor(() => expect(io).toHaveBeenCalledWith({ path: '/socket.io' }));
  act(() => useSession.getState().reset());
  expect(socket.disconnect).toHaveBeenCalled();
});

it("counts the chat badge at each connection, at another's message and at this user's own reads", async () => {
  useSession.getState().signIn(me);
  render(<LiveUpdates />);
  act(() => realtimeConnected());
  await waitFor(() => expect(badge()).toBe(3));

  server.answer('GET /api/user/chats', ok({ chats: [], unread_count: 4 }));
  act(() => deliverRealtime('chat:message', message(30, 7)));
  await waitFor(() => expect(badge()).toBe(4));

  server.answer('GET /api/user/chats', ok({ chats: [], unread_count: 0 }));
  act(() => deliverRealtime('chat:read', { chatId: 30, userId: 1, upToId: 50 }));
  await waitFor(() => expect(badge()).toBe(0));
});

it("leaves alone what changes no badge: its own messages, the other's receipts, the conversation being read", async () => {
  useSession.getState().signIn(me);
  render(<LiveUpdates />);
  act(() => realtimeConnected());
  await waitFor(() => expect(counts()).toBe(1));
  act(() => {
    deliverRealtime('chat:message', message(30, 1));
    deliverRealtime('chat:read', { chatId: 30, userId: 7, upToId: 50 });
    useSession.getState().setActiveChat(30);
    deliverRealtime('chat:message', message(30, 7));
  });
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(counts()).toBe(1);

  // the same conversation in a hidden tab is not being read: its badge rises
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
  act(() => deliverRealtime('chat:message', message(30, 7)));
  await waitFor(() => expect(counts()).toBe(2));
});

it('counts the chat badge again when this user mutes a conversation in another tab', async () => {
  useSession.getState().signIn(me);
  render(<LiveUpdates />);
  act(() => realtimeConnected());
  await waitFor(() => expect(badge()).toBe(3));
  server.answer('GET /api/user/chats', ok({ chats: [], unread_count: 1 }));
  act(() => deliverRealtime('chat:muted', { chatId: 30, muted: true }));
  await waitFor(() => expect(badge()).toBe(1));
});

it('counts a burst of messages once', async () => {
  useSession.getState().signIn(me);
  render(<LiveUpdates />);
  act(() => {
    for (let i = 0; i < 10; i += 1) deliverRealtime('chat:message', message(30 + i, 7));
  });
  await waitFor(() => expect(counts()).toBe(1));
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(counts()).toBe(1);
});

const bellCounts = () => server.calls.filter((call) => call.url === '/api/notification/count').length;
const bell = () => useSession.getState().notifications.unreadCount;
const notification: Notification = {
  id: 9,
  kind: 'question.asked',
  title: 'Ann asked about "Lamp"',
  text: '“Bulb?”',
  link: '/item-detail/3',
  due_at: null,
  read: false,
  created_at: '2026-11-20T10:00:00.000Z',
};

it('counts the bell at each connection and when a notification is written; a read anywhere sets it', async () => {
  useSession.getState().signIn(me);
  render(<LiveUpdates />);
  act(() => realtimeConnected());
  await waitFor(() => expect(bell()).toBe(2));
  expect(counts()).toBe(1);

  server.answer('GET /api/notification/count', ok({ unread_count: 3 }));
  act(() => {
    deliverRealtime('notification:new', notification);
    deliverRealtime('notification:new', { ...notification, id: 10 });
  });
  await waitFor(() => expect(bell()).toBe(3));
  await new Promise((resolve) => setTimeout(resolve, 400));
  // a burst is one count, and the chat badge was not asked again
  expect([bellCounts(), counts()]).toEqual([2, 1]);

  act(() => deliverRealtime('notification:read', { unread_count: 0 }));
  expect(bell()).toBe(0);
  expect(bellCounts()).toBe(2);
});
