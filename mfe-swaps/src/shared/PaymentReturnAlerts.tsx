import { Alert } from 'antd';
import type { PaymentReturn } from './usePaymentReturn';

/**
 * Over a page the bank sends the browser back to: that the payment is being finished (`finishing`: what
 * happens then, "Completing your swap now."), or why it failed, until closed.
 */
export function PaymentReturnAlerts({ state, finishing }: { state: PaymentReturn; finishing: string }) {
  return (
    <>
      {state.returning && (
        <Alert
          type="info"
          showIcon
          role="status"
          title="Finishing your payment…"
          description={`Your bank has answered. ${finishing}`}
          style={{ marginBottom: 16 }}
        />
      )}
      {state.error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={state.error}
          closable
          onClose={state.dismiss}
          style={{ marginBottom: 16 }}
        />
      )}
    </>
  );
}
