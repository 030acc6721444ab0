/** @jest-environment jsdom */
import { itSaysComingSoon } from '@swapstuff/sdk/testing';
import { ChatPage } from './chat/ChatPage';
import { DeleteAccountPage } from './delete-account/DeleteAccountPage';
import { FeedbackPage } from './feedback/FeedbackPage';
import { NotificationPage } from './notification/NotificationPage';

itSaysComingSoon([
  ['Feedback', FeedbackPage],
  ['Delete Account', DeleteAccountPage],
  ['Chat', ChatPage],
  ['Notifications', NotificationPage],
]);
