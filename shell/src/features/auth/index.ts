export { authRoutes } from './routes';
export { LoginModal } from './LoginModal';
export { AuthLayout } from './AuthLayout';
export { safeCallbackUrl } from './callback';
