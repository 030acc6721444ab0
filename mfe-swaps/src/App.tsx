import { DeclaredRoutes } from '@swapstuff/sdk/ui';
import { SwapPage } from './swapstuff/SwapPage';
import { SwapRequestsPage } from './swap-requests/SwapRequestsPage';
import pages from './pages.json';

/** mfe_swaps' pages (the swap screen and swap requests) at the paths pages.json declares. */
export default function SwapsApp() {
  return <DeclaredRoutes pages={pages} elements={{ swap: <SwapPage />, swapRequests: <SwapRequestsPage /> }} />;
}
