import { DeclaredRoutes } from '@swapstuff/sdk/ui';
import { ChangePasswordPage } from './change-password';
import { MyProfilePage } from './my-profile/MyProfilePage';
import { MyCategoriesPage } from './my-categories/MyCategoriesPage';
import { PaymentMethodsPage } from './payment-methods/PaymentMethodsPage';
import { AddressPage } from './address/AddressPage';
import { FeedbackPage } from './feedback/FeedbackPage';
import { DeleteAccountPage } from './delete-account/DeleteAccountPage';
import { BlockedUsersPage } from './blocked-users/BlockedUsersPage';
import { ChatPage } from './chat/ChatPage';
import { NotificationPage } from './notification/NotificationPage';
import { NotificationSettingsPage } from './notification/NotificationSettingsPage';
import pages from './pages.json';

/** mfe_account's pages, every one of which needs login, at the paths pages.json declares. */
export default function AccountApp() {
  return (
    <DeclaredRoutes
      pages={pages}
      elements={{
        myProfile: <MyProfilePage />,
        myCategories: <MyCategoriesPage />,
        paymentMethods: <PaymentMethodsPage />,
        address: <AddressPage />,
        feedback: <FeedbackPage />,
        blockedUsers: <BlockedUsersPage />,
        deleteAccount: <DeleteAccountPage />,
        changePassword: <ChangePasswordPage />,
        chat: <ChatPage />,
        notification: <NotificationPage />,
        notificationSettings: <NotificationSettingsPage />,
      }}
    />
  );
}
