import { Alert } from 'antd';

/** Under a swap action's button: why it failed, or that the browser is on its way to the bank. */
export function ActionAlerts({ error, redirecting }: { error: string | null; redirecting?: boolean }) {
  return (
    <>
      {error && <Alert type="error" showIcon role="alert" title={error} />}
      {redirecting && (
        <Alert type="info" showIcon role="status" title="Taking you to your bank to confirm this payment…" />
      )}
    </>
  );
}
