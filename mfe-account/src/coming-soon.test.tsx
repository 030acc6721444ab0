/** @jest-environment jsdom */
import { itSaysComingSoon } from '@swapstuff/sdk/testing';
import { NotificationPage } from './notification/NotificationPage';

itSaysComingSoon([['Notifications', NotificationPage]]);
