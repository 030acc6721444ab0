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
import { SupportPage } from './support';
import pages from './pages.json';

/**
 * mfe_account's pages at the paths pages.json declares: the member's, which need login, and the support
 * console's, which ask for a staff sign-in of their own (SupportConsole) instead.
 */
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
        support: <SupportPage page="home" />,
        supportStaff: <SupportPage page="staff" />,
        supportAudit: <SupportPage page="audit" />,
      }}
    />
  );
}
