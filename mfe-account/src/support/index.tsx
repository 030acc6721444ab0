import { lazy, Suspense } from 'react';
import { ConsoleLoading } from './ConsoleLoading';

// The console is staff's alone: its code (and antd's table, pagination and checkbox) loads when one of its pages is
// opened, never with a member's page.
const ConsolePage = lazy(() => import('./ConsolePage'));

/** A page of the support console: /support, /support/staff or /support/audit. */
export function SupportPage({ page }: { page: 'home' | 'staff' | 'audit' }) {
  return (
    <Suspense fallback={<ConsoleLoading />}>
      <ConsolePage page={page} />
    </Suspense>
  );
}
