/** @jest-environment jsdom */
import { itSaysComingSoon } from '@swapstuff/sdk/testing';
import { ChatPage } from './chat/ChatPage';
import { DeleteAccountPage } from './delete-account/DeleteAccountPage';
import { NotificationPage } from './notification/NotificationPage';

itSaysComingSoon([
  ['Delete Account', DeleteAccountPage],
  ['Chat', ChatPage],
  ['Notifications', NotificationPage],
]);
