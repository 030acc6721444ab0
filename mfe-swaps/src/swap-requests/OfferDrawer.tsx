import { Card, Drawer, Flex, Tag, Typography } from 'antd';
import type { SwapOffer, SwapVersion } from '@swapstuff/contracts';
import { LoadError, LocalDateTime } from '@swapstuff/sdk/ui';
import { useOffer } from '../shared/api';
import { cashLine, formatWire } from '../shared/format';
import { GiveAndGet } from '../shared/ItemList';
import styles from '../shared/swaps.module.css';
import type { OfferDialogProps } from './OfferModal';

function VersionCard({ version, latest, fee }: { version: SwapVersion; latest: boolean; fee: string | null }) {
  const cash = cashLine(version);
  return (
    <Card
      size="small"
      role="article"
      aria-label={`Version ${version.version}${latest ? ', latest' : ''}`}
      style={latest ? { borderColor: 'var(--ant-color-primary)' } : undefined}
    >
      <Flex vertical gap={8}>
        <Flex gap={6} wrap align="center">
          <Typography.Text strong>
            {version.version === 1 ? 'Offer' : 'Counter-offer'} by {version.proposed_by === 'me' ? 'you' : 'them'}
          </Typography.Text>
          {latest && (
            <Tag color="#1c5fa8" style={{ margin: 0 }}>
              Latest
            </Tag>
          )}
          {version.agreed === 1 && <Tag style={{ margin: 0 }}>Agreed</Tag>}
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          <LocalDateTime value={version.created_at} />
        </Typography.Text>
        <GiveAndGet terms={version} compact />
        <Typography.Text>{cash ?? 'No cash'}</Typography.Text>
        {fee && (
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            Platform fee on the cash: {fee} (taken from the cash its receiver gets)
          </Typography.Text>
        )}
        {version.changes.length > 0 && (
          <div>
            <Typography.Text type="secondary">What changed</Typography.Text>
            <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
              {version.changes.map((change, i) => (
                <li key={i}>{change}</li>
              ))}
            </ul>
          </div>
        )}
      </Flex>
    </Card>
  );
}

/**
 * View Offer: every version of the offer's terms, the newest first — who proposed it, the items, the cash and
 * what it changed — the latest marked. Read afresh (GET /api/swaprequest/detail/{id}); the list's copy shows meanwhile.
 */
export function OfferDrawer({ offer, onClose }: OfferDialogProps) {
  const detail = useOffer(offer?.id ?? null);
  const shown: SwapOffer | null = detail.data ?? offer;
  const versions = shown ? [...shown.versions].sort((a, b) => b.version - a.version) : [];
  const fee = shown && shown.extra_payer !== null && shown.cash_fee !== '0.00' ? formatWire(shown.cash_fee) : null;
  return (
    <Drawer
      open={offer !== null}
      title="View Offer"
      placement="right"
      // the whole width of a phone, 480 px beside a page
      size="min(480px, 100vw)"
      onClose={onClose}
      destroyOnHidden
    >
      {detail.isLoadingError && (
        <LoadError
          title="The latest terms could not be loaded"
          message={detail.error.message}
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
        />
      )}
      <ol className={styles.list} aria-label="Versions, newest first">
        {versions.map((version) => (
          <li key={version.version}>
            <VersionCard
              version={version}
              latest={version.version === shown?.version}
              fee={version.version === shown?.version ? fee : null}
            />
          </li>
        ))}
      </ol>
    </Drawer>
  );
}
