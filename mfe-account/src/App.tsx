import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { RequireAuth } from '@swapstuff/sdk';
import { PageNotFound } from '@swapstuff/sdk/ui';
import { ChangePasswordPage } from './change-password';
import { MyProfilePage } from './my-profile/MyProfilePage';
import { PaymentMethodsPage } from './payment-methods/PaymentMethodsPage';
import { AddressPage } from './address/AddressPage';
import { FeedbackPage } from './feedback/FeedbackPage';
import { DeleteAccountPage } from './delete-account/DeleteAccountPage';
import { ChatPage } from './chat/ChatPage';
import { NotificationPage } from './notification/NotificationPage';

const signedIn = (page: ReactNode) => <RequireAuth>{page}</RequireAuth>;

/** mfe_account's subtree (relative to "/"): every page of it needs login. */
export default function AccountApp() {
  return (
    <Routes>
      <Route path="my-profile" element={signedIn(<MyProfilePage />)} />
      <Route path="payment-methods" element={signedIn(<PaymentMethodsPage />)} />
      <Route path="address" element={signedIn(<AddressPage />)} />
      <Route path="feedback" element={signedIn(<FeedbackPage />)} />
      <Route path="delete-account" element={signedIn(<DeleteAccountPage />)} />
      <Route path="change-password" element={signedIn(<ChangePasswordPage />)} />
      <Route path="chat" element={signedIn(<ChatPage />)} />
      <Route path="notification" element={signedIn(<NotificationPage />)} />
      <Route path="*" element={<PageNotFound />} />
    </Routes>
  );
}
