import { Flex, Modal, Skeleton, Typography } from 'antd';
import CheckCircleOutlined from '@ant-design/icons/CheckCircleOutlined';
import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import { HistoryCode, type StatusHistoryItem } from '@swapstuff/contracts';
import { LoadError, LocalDateTime, srOnly } from '@swapstuff/sdk/ui';
import { useHistory } from '../shared/api';
import styles from '../shared/swaps.module.css';
import type { OfferDialogProps } from './OfferModal';

/** The spec's icons (section 4): pending a history icon, completed a tick, any other step a dot. */
function StepIcon({ code }: { code: number }) {
  if (code === HistoryCode.Pending) return <HistoryOutlined aria-hidden data-testid="icon-pending" />;
  if (code === HistoryCode.Completed) {
    return <CheckCircleOutlined aria-hidden data-testid="icon-completed" style={{ color: '#2b7a3b' }} />;
  }
  return (
    <span
      aria-hidden
      data-testid="icon-dot"
      style={{ display: 'inline-block', width: 8, height: 8, margin: 3, borderRadius: 4, background: 'currentColor' }}
    />
  );
}

function Steps({ title, items }: { title: string; items: StatusHistoryItem[] }) {
  return (
    <section aria-label={title} style={{ flex: '1 1 220px', minWidth: 0 }}>
      <h3 style={{ margin: '0 0 8px', fontSize: 16, fontWeight: 600 }}>{title}</h3>
      {items.length === 0 ? (
        <Typography.Text type="secondary">Nothing yet</Typography.Text>
      ) : (
        <ul className={styles.list} style={{ gap: 10 }}>
          {items.map((item, i) => (
            <li key={i}>
              <Flex gap={8} align="start">
                <span style={{ lineHeight: '22px' }}>
                  <StepIcon code={item.status} />
                </span>
                <Flex vertical style={{ minWidth: 0 }}>
                  <span style={{ overflowWrap: 'anywhere' }}>{item.description}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                    <LocalDateTime value={item.created_at} />
                  </Typography.Text>
                </Flex>
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** View Status (spec sections 3 and 4): the offer's steps, mine (my_history) and the other side's (thierhistory). */
export function StatusDialog({ offer, onClose }: OfferDialogProps) {
  const history = useHistory(offer?.id ?? null, offer?.role === 'sender' ? 'sent' : 'received');
  let body;
  if (history.isPending) {
    body = (
      <div role="status" aria-busy="true">
        <span style={srOnly}>Loading the status…</span>
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  } else if (history.isLoadingError) {
    body = (
      <LoadError
        title="The status could not be loaded"
        message={history.error.message}
        onRetry={() => void history.refetch()}
        retrying={history.isFetching}
      />
    );
  } else {
    body = (
      <Flex gap={24} wrap>
        <Steps title="My Status" items={history.data.my_history} />
        <Steps title="Their Status" items={history.data.thierhistory} />
      </Flex>
    );
  }
  return (
    <Modal open={offer !== null} title="View Status" onCancel={onClose} footer={null} destroyOnHidden width={640}>
      {body}
    </Modal>
  );
}
