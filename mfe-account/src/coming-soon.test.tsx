/** @jest-environment jsdom */
import { itSaysComingSoon } from '@swapstuff/sdk/testing';
import { ChatPage } from './chat/ChatPage';
import { NotificationPage } from './notification/NotificationPage';

itSaysComingSoon([
  ['Chat', ChatPage],
  ['Notifications', NotificationPage],
]);
