import { Route, Routes } from 'react-router-dom';
import { RequireAuth } from '@swapstuff/sdk';
import { PageNotFound } from '@swapstuff/sdk/ui';
import { SwapPage } from './swapstuff/SwapPage';
import { SwapRequestsPage } from './swap-requests/SwapRequestsPage';

/** mfe_swaps' subtree (relative to "/"): the swap screen and swap requests. */
export default function SwapsApp() {
  return (
    <Routes>
      <Route
        path="swapstuff/:id"
        element={
          <RequireAuth>
            <SwapPage />
          </RequireAuth>
        }
      />
      <Route
        path="swap-requests"
        element={
          <RequireAuth>
            <SwapRequestsPage />
          </RequireAuth>
        }
      />
      <Route path="*" element={<PageNotFound />} />
    </Routes>
  );
}
