import { useRoutes } from 'react-router-dom';
import { authRoutes } from './features/auth';

/** The auth screens with their layout (features/auth): a lazy chunk, loaded only on those paths. */
export default function AuthPages() {
  return useRoutes(authRoutes);
}
