/** @jest-environment jsdom */
import { itSaysComingSoon } from '@swapstuff/sdk/testing';
import { ChatPage } from './chat/ChatPage';
import { DeleteAccountPage } from './delete-account/DeleteAccountPage';
import { FeedbackPage } from './feedback/FeedbackPage';
import { MyProfilePage } from './my-profile/MyProfilePage';
import { NotificationPage } from './notification/NotificationPage';
import { PaymentMethodsPage } from './payment-methods/PaymentMethodsPage';

itSaysComingSoon([
  ['My Profile', MyProfilePage],
  ['Feedback', FeedbackPage],
  ['Delete Account', DeleteAccountPage],
  ['Payment Methods', PaymentMethodsPage],
  ['Chat', ChatPage],
  ['Notifications', NotificationPage],
]);
