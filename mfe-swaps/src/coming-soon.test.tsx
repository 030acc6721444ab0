/** @jest-environment jsdom */
import { itSaysComingSoon } from '@swapstuff/sdk/testing';
import { SwapRequestsPage } from './swap-requests/SwapRequestsPage';
import { SwapPage } from './swapstuff/SwapPage';

itSaysComingSoon([
  ['Swap Requests', SwapRequestsPage],
  ['the swap screen', SwapPage],
]);
