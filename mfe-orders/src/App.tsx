import { DeclaredRoutes } from '@swapstuff/sdk/ui';
import { MyOrdersPage } from './my-orders/MyOrdersPage';
import { MyPurchasesPage } from './my-purchases/MyPurchasesPage';
import pages from './pages.json';

/** mfe_orders' pages (orders received and purchases) at the paths pages.json declares. */
export default function OrdersApp() {
  return <DeclaredRoutes pages={pages} elements={{ myOrders: <MyOrdersPage />, myPurchases: <MyPurchasesPage /> }} />;
}
