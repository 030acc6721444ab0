import { Skeleton } from 'antd';
import { srOnly } from '@swapstuff/sdk/ui';

/** What the console shows while its code or the staff member's profile loads. */
export function ConsoleLoading() {
  return (
    <div role="status" aria-busy="true" style={{ maxWidth: 1200, margin: '0 auto', padding: 16 }}>
      <span style={srOnly}>Loading the support console…</span>
      <Skeleton active paragraph={{ rows: 6 }} />
    </div>
  );
}
