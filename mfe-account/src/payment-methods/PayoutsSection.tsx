import { Button, Card, Flex, Skeleton, Tag, Typography } from 'antd';
import { BRAND, LoadError } from '@swapstuff/sdk/ui';
import { browser } from '@swapstuff/sdk';
import { usePayoutAccount, usePayoutOnboarding } from './api';

/**
 * Payouts (#payouts, where an order's remediation_link leads): whether the seller's earnings can be paid
 * out, and Add Bank Details, which takes them to the payment provider's onboarding page and back.
 */
export function PayoutsSection() {
  const account = usePayoutAccount();
  const onboarding = usePayoutOnboarding();

  const start = async () => {
    const { url } = await onboarding.mutateAsync({});
    browser.assign(url);
  };

  let body;
  if (account.isPending) body = <Skeleton active paragraph={{ rows: 1 }} />;
  else if (account.isLoadingError)
    body = (
      <LoadError
        title="Your payouts could not be loaded"
        message={account.error.message}
        onRetry={() => void account.refetch()}
        retrying={account.isFetching}
      />
    );
  else if (account.data.payouts_enabled)
    body = (
      <Flex align="center" gap={8} wrap>
        <Tag color={BRAND}>Payouts on</Tag>
        <Typography.Text>Your earnings are paid to your bank account when a sale completes.</Typography.Text>
      </Flex>
    );
  else
    body = (
      <Flex align="center" gap={12} wrap justify="space-between">
        <Typography.Text>Add your bank details to be paid for what you sell.</Typography.Text>
        <Button type="primary" onClick={() => void start().catch(() => undefined)} loading={onboarding.isPending}>
          Add Bank Details
        </Button>
      </Flex>
    );

  return (
    <section id="payouts" aria-labelledby="payouts-heading" style={{ marginTop: 32, maxWidth: 720 }}>
      <Typography.Title level={2} id="payouts-heading" style={{ fontSize: 18 }}>
        Payouts
      </Typography.Title>
      <Card size="small">{body}</Card>
    </section>
  );
}
