import { DeclaredRoutes } from '@swapstuff/sdk/ui';
import { CheckoutPage } from './checkout/CheckoutPage';
import { MyOrdersPage } from './my-orders/MyOrdersPage';
import { MyPurchasesPage } from './my-purchases/MyPurchasesPage';
import { UserReviewsPage } from './reviews/UserReviewsPage';
import pages from './pages.json';

/** mfe_orders' pages (orders received, purchases, the checkout, a user's reviews) at the paths pages.json declares. */
export default function OrdersApp() {
  return (
    <DeclaredRoutes
      pages={pages}
      elements={{
        myOrders: <MyOrdersPage />,
        myPurchases: <MyPurchasesPage />,
        checkout: <CheckoutPage />,
        userReviews: <UserReviewsPage />,
      }}
    />
  );
}
