import type { RouteObject } from 'react-router-dom';
import { routes } from '@swapstuff/sdk';
import { AuthLayout } from './AuthLayout';
import { LoginPage } from './LoginPage';
import { SignUpPage } from './SignUpPage';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';

/** The shell's auth screens (spec section 2), all inside the two-panel auth layout. */
export const authRoutes: RouteObject[] = [
  {
    element: <AuthLayout />,
    children: [
      { path: routes.login, element: <LoginPage /> },
      { path: routes.signUp, element: <SignUpPage /> },
      { path: routes.forgetPassword, element: <ForgotPasswordPage /> },
      { path: routes.resetPassword, element: <ResetPasswordPage /> },
    ],
  },
];
