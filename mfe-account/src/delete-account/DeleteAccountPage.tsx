import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, Form, Input, Modal, Radio, Result, Skeleton, Typography } from 'antd';
import {
  deleteAccountRules,
  endpoints,
  messages,
  routes,
  safetyMessages,
  type DeletionCheck,
  type InFlight,
} from '@swapstuff/contracts';
import { api, ApiError, browser, clearLocalSession, formRules } from '@swapstuff/sdk';
import { LoadError } from '@swapstuff/sdk/ui';
import { useDeleteAccount, useDeleteReasons, useDeletionCheck } from './api';

const rules = formRules(deleteAccountRules);
const FIELDS = ['reasonId', 'password'] as const;

interface Values {
  reasonId?: number;
  password: string;
}

/** What still holds the account, each with the page where it can be finished. */
function InFlightList({ inFlight }: { inFlight: InFlight }) {
  const rows = [
    { count: inFlight.swaps, what: 'swap', where: routes.swapRequests, page: 'Swap Requests' },
    { count: inFlight.sales, what: 'sale', where: routes.myOrders, page: 'My Orders' },
    { count: inFlight.purchases, what: 'purchase', where: routes.myPurchases, page: 'My Purchases' },
  ].filter((row) => row.count > 0);
  return (
    <ul style={{ margin: '8px 0 0', paddingInlineStart: 20 }}>
      {rows.map((row) => (
        <li key={row.what}>
          {row.count} {row.what}
          {row.count > 1 ? 's' : ''} in progress: <Link to={row.where}>{row.page}</Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * /delete-account (spec section 5: password and reason required). The api is asked first whether the account
 * can go (no swap or order in flight), then the member confirms in a dialog. Every session ends at the api; this
 * browser's is cleared when the member leaves the confirmation, every other one at its next call (401 "407").
 */
export function DeleteAccountPage() {
  const [form] = Form.useForm<Values>();
  const reasons = useDeleteReasons();
  const check = useDeletionCheck();
  const remove = useDeleteAccount();
  const [held, setHeld] = useState<InFlight | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Values | null>(null);
  const [deleted, setDeleted] = useState(false);

  const refused = (err: unknown) => {
    if (!(err instanceof ApiError)) return setError(messages.genericError);
    const onFields = FIELDS.filter((name) => err.fieldErrors[name]);
    if (onFields.length > 0) return form.setFields(onFields.map((name) => ({ name, errors: [err.fieldErrors[name]] })));
    const content = err.envelope?.Content as DeletionCheck | null;
    if (err.status === 409 && content?.inFlight) return setHeld(content.inFlight);
    setError(err.message);
  };

  const submit = async (values: Values) => {
    setError(null);
    setHeld(null);
    try {
      await check.mutateAsync({ reasonId: values.reasonId! });
      setConfirming(values);
    } catch (err) {
      refused(err);
    }
  };

  const confirm = async () => {
    const values = confirming!;
    setConfirming(null);
    try {
      await remove.mutateAsync({ reasonId: values.reasonId!, password: values.password });
      setDeleted(true);
    } catch (err) {
      refused(err);
    }
  };

  // the session is cleared here only when the member leaves this page: cleared at once, the login guard of
  // this page would send them to /login before they read that it is done
  const leave = async () => {
    // the gateway's session still holds the revoked token: logging out ends it there (it ends a session whose
    // token the api refuses), so home loads as a visitor's instead of bouncing to /login on its first call
    await api.call(endpoints.logoutByPost, { token: '-' }).catch(() => undefined);
    await clearLocalSession();
    browser.assign(routes.home);
  };

  if (deleted) {
    return (
      <Result
        status="success"
        title={safetyMessages.accountDeleted}
        subTitle="Your listings are no longer on Swapstuff and your personal details have been erased. Thank you for swapping with us."
        extra={
          <Button type="primary" onClick={() => void leave()}>
            Go to Home
          </Button>
        }
      />
    );
  }

  return (
    <div style={{ maxWidth: 560, margin: '0 auto', padding: '32px 16px' }}>
      <Card>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          Delete Account
        </Typography.Title>
        <Typography.Paragraph>
          Deleting your account signs you out everywhere, takes your listings off Swapstuff and erases your name,
          e-mail, phone, picture and addresses. Orders, reviews and questions other members keep will show a Deleted
          user. This cannot be undone.
        </Typography.Paragraph>
        {held && (
          <Alert
            type="warning"
            showIcon
            title={safetyMessages.deleteInFlight}
            description={<InFlightList inFlight={held} />}
            style={{ marginBottom: 16 }}
          />
        )}
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        {reasons.isPending ? (
          <Skeleton active paragraph={{ rows: 5 }} />
        ) : reasons.isError ? (
          <LoadError
            title="The form could not be loaded"
            message={reasons.error.message}
            onRetry={() => void reasons.refetch()}
            retrying={reasons.isFetching}
          />
        ) : (
          <Form<Values> form={form} name="delete-account" layout="vertical" onFinish={submit}>
            <Form.Item label="Why are you leaving?" name="reasonId" rules={rules.reasonId}>
              <Radio.Group
                style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
                options={reasons.data.map((reason) => ({ value: reason.id, label: reason.name }))}
              />
            </Form.Item>
            <Form.Item label="Password" name="password" rules={rules.password}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Button
              type="primary"
              danger
              htmlType="submit"
              block
              size="large"
              loading={check.isPending || remove.isPending}
            >
              Delete Account
            </Button>
          </Form>
        )}
      </Card>
      <Modal
        open={confirming !== null}
        title="Delete your account?"
        okText="Delete my account"
        okButtonProps={{ danger: true }}
        onOk={() => void confirm()}
        onCancel={() => setConfirming(null)}
      >
        Your listings, profile and addresses will be gone for good.
      </Modal>
    </div>
  );
}
