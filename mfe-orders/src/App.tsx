import { Route, Routes } from 'react-router-dom';
import { RequireAuth } from '@swapstuff/sdk';
import { PageNotFound } from '@swapstuff/sdk/ui';
import { MyOrdersPage } from './my-orders/MyOrdersPage';
import { MyPurchasesPage } from './my-purchases/MyPurchasesPage';

/** mfe_orders' subtree (relative to "/"): orders received and purchases. */
export default function OrdersApp() {
  return (
    <Routes>
      <Route
        path="my-orders"
        element={
          <RequireAuth>
            <MyOrdersPage />
          </RequireAuth>
        }
      />
      <Route
        path="my-purchases"
        element={
          <RequireAuth>
            <MyPurchasesPage />
          </RequireAuth>
        }
      />
      <Route path="*" element={<PageNotFound />} />
    </Routes>
  );
}
