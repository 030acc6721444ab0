import { useId } from 'react';
import { Alert, Button, Flex, Skeleton, Typography } from 'antd';
import BankOutlined from '@ant-design/icons/BankOutlined';
import { ActionRequired, Money, routes, type PayoutBalance } from '@swapstuff/contracts';
import { webUrl } from '@swapstuff/sdk';
import { LoadError, srOnly } from '@swapstuff/sdk/ui';
import { usePayoutAccount, usePayoutBalance } from '../orders/api';
import styles from './SellerBalance.module.css';

/** The seller's money as the page lists it, in the order it moves. */
const AMOUNTS: { key: keyof PayoutBalance; label: string; hint: string }[] = [
  { key: 'pending', label: 'Pending', hint: 'Sold, held until the buyer’s inspection ends' },
  { key: 'available', label: 'Available', hint: 'Yours, paid out on the next payout' },
  { key: 'on_the_way', label: 'On the way', hint: 'Sent to your bank, not arrived yet' },
  { key: 'paid_out', label: 'Paid out', hint: 'Paid to your bank account so far' },
];

/** Dollars as text ("40.00") as the site writes money ("$40.00"); as sent when it is not an amount. */
function dollars(text: string): string {
  try {
    return Money.format(Money.parse(text));
  } catch {
    return text;
  }
}

/**
 * The top of My Orders: the seller's balance (GET /api/payouts/balance) and, while their payouts are not set
 * up (GET /api/payouts/account: action_required 3), Add Bank Details, a link to where they are set up.
 */
export function SellerBalance() {
  const titleId = useId();
  const balance = usePayoutBalance();
  const account = usePayoutAccount();
  const bankDetails = account.data?.action_required === ActionRequired.BankDetails;
  const link = webUrl(account.data?.remediation_link) ?? `${routes.paymentMethods}#payouts`;

  let amounts;
  if (balance.isPending) {
    amounts = (
      <div role="status" aria-busy="true">
        <span style={srOnly}>Loading your balance…</span>
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      </div>
    );
  } else if (balance.isLoadingError) {
    amounts = (
      <LoadError
        title="Your balance could not be loaded"
        message={balance.error.message}
        onRetry={() => void balance.refetch()}
        retrying={balance.isFetching}
      />
    );
  } else {
    const data = balance.data;
    amounts = (
      <dl className={styles.amounts}>
        {AMOUNTS.map(({ key, label, hint }) => (
          <div key={key} className={styles.amount} title={hint}>
            <dt className={styles.label}>{label}</dt>
            <dd>
              <span className={styles.value} data-testid={`balance-${key}`}>
                {dollars(data[key])}
              </span>
            </dd>
          </div>
        ))}
      </dl>
    );
  }

  return (
    <section aria-labelledby={titleId} className={styles.section}>
      <Typography.Title level={2} id={titleId} style={{ fontSize: 18, marginTop: 0 }}>
        Your balance
      </Typography.Title>
      {bankDetails && (
        <Alert
          className={styles.cta}
          type="warning"
          showIcon
          title="Add your bank details to be paid for what you sell."
          description={
            // under the words, not beside them: the button keeps its size on a phone
            <Flex vertical align="start" gap={8}>
              <span>Your earnings wait for you until your payouts are set up.</span>
              <Button type="primary" href={link} icon={<BankOutlined aria-hidden />}>
                Add Bank Details
              </Button>
            </Flex>
          }
        />
      )}
      {amounts}
    </section>
  );
}
