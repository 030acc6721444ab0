/** @jest-environment jsdom */
import { itSaysComingSoon } from '@swapstuff/sdk/testing';
import { MyOrdersPage } from './my-orders/MyOrdersPage';
import { MyPurchasesPage } from './my-purchases/MyPurchasesPage';

itSaysComingSoon([
  ['My Orders', MyOrdersPage],
  ['My Purchases', MyPurchasesPage],
]);
