import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Modal, Skeleton, Tag, theme, Typography } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { cardBrandLabel, cardExpired, messages, type PaymentCard } from '@swapstuff/contracts';
import { ApiError, toast } from '@swapstuff/sdk';
import { BRAND, EmptyState, LoadError, PageFrame } from '@swapstuff/sdk/ui';
import AddCardModal from './AddCardModal';
import { useAttachCard, useCards, useDeleteCard, useSetDefaultCard } from './api';
import { CardBrandIcon } from './BrandIcons';
import { PayoutsSection } from './PayoutsSection';

/** "Visa ending in 4242": how a saved card is named on the page and to assistive technology. */
const cardName = (card: PaymentCard) => `${cardBrandLabel(card.brand)} ending in ${card.last4}`;
/** "04/27" */
const expiryOf = (card: PaymentCard) => `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year).slice(-2)}`;

function CardRow({
  card,
  busy,
  onMakeDefault,
  onDelete,
}: {
  card: PaymentCard;
  busy: boolean;
  onMakeDefault(): void;
  onDelete(): void;
}) {
  const { token } = theme.useToken();
  const isDefault = card.is_default === 1;
  const expired = cardExpired({ month: card.exp_month, year: card.exp_year }, new Date());
  return (
    <Card size="small">
      <Flex align="center" gap={12} wrap>
        <CardBrandIcon brand={card.brand} width={44} />
        <div style={{ flex: '1 1 160px', minWidth: 0, overflowWrap: 'anywhere' }}>
          <Flex align="center" gap={8} wrap>
            <strong>{cardName(card)}</strong>
            {isDefault && <Tag color={BRAND}>Default</Tag>}
            {expired && <Tag color={token.colorError}>Expired</Tag>}
          </Flex>
          <Typography.Text type="secondary">
            Expires {expiryOf(card)}
            {card.name ? ` · ${card.name}` : ''}
          </Typography.Text>
        </div>
        <Flex gap={8} wrap>
          {!isDefault && (
            <Button size="small" onClick={onMakeDefault} loading={busy} aria-label={`Make Default: ${cardName(card)}`}>
              Make Default
            </Button>
          )}
          <Button
            size="small"
            danger
            icon={<DeleteOutlined aria-hidden />}
            onClick={onDelete}
            disabled={busy}
            aria-label={`Delete ${cardName(card)}`}
          >
            Delete
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

/** What came of finishing a card's authentication on return from the provider's page. */
type Finish = { state: 'finishing' } | { state: 'failed'; message: string } | null;

/**
 * /payment-methods (spec sections 1, 2, 3 and 7; issue 12): the user's saved cards with their brand icon,
 * last 4 and expiry, the default first and marked; Add Card, Make Default and Delete (after a confirmation).
 * Back from the provider's authentication page (`?setup_intent=seti_…`), it finishes saving the card and
 * takes the query out of the address.
 */
export function PaymentMethodsPage() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const cards = useCards();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<PaymentCard | null>(null);
  const makeDefault = useSetDefaultCard();
  const remove = useDeleteCard();
  const finishSetup = useAttachCard();
  const finishAsync = finishSetup.mutateAsync;
  const [finish, setFinish] = useState<Finish>(null);
  const busyId = [makeDefault, remove].find((change) => change.isPending)?.variables?.id;

  // back from the provider's authentication page: once per setup, whatever re-renders or StrictMode do
  const setupIntentId = params.get('setup_intent');
  const finished = useRef<string | null>(null);
  useEffect(() => {
    if (!setupIntentId || finished.current === setupIntentId) return;
    finished.current = setupIntentId;
    setFinish({ state: 'finishing' });
    void (async () => {
      try {
        const setup = await finishAsync({ setupIntentId });
        if (setup.status === 'succeeded') {
          toast.success(messages.cardAdded);
          setFinish(null);
        } else {
          setFinish({ state: 'failed', message: messages.cardAuthenticationFailed });
        }
      } catch (err) {
        setFinish({ state: 'failed', message: err instanceof ApiError ? err.message : messages.genericError });
      }
      // a reload or a shared link never finishes the same setup again
      navigate({ pathname }, { replace: true });
    })();
  }, [setupIntentId, finishAsync, navigate, pathname]);

  /** Make Default or Delete; the list shows what the api answers (a refusal is toasted). */
  const change = async (mutation: typeof makeDefault, id: string, done: string) => {
    try {
      await mutation.mutateAsync({ id });
      toast.success(done);
    } catch (err) {
      // the api's words were toasted; a card that is gone meanwhile leaves the list
      if (err instanceof ApiError && err.status === 404) void cards.refetch();
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    await change(remove, deleting.id, messages.cardDeleted);
    setDeleting(null);
  };

  const addButton = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
      Add Card
    </Button>
  );

  let content;
  if (cards.isPending) {
    content = (
      <div role="status" aria-busy="true" aria-label="Loading cards">
        <Skeleton active avatar paragraph={{ rows: 2 }} />
      </div>
    );
  } else if (cards.isLoadingError) {
    content = (
      <LoadError
        title="Your cards could not be loaded"
        message={cards.error.message}
        onRetry={() => void cards.refetch()}
        retrying={cards.isFetching}
      />
    );
  } else if (cards.data.length === 0) {
    content = (
      <EmptyState
        title="No cards saved yet"
        description="Add a card to pay for items at checkout."
        action={addButton}
      />
    );
  } else {
    content = (
      <div role="list" aria-label="Your cards" style={{ display: 'grid', gap: 12, maxWidth: 720 }}>
        {cards.data.map((card) => (
          <div role="listitem" key={card.id} aria-label={cardName(card)}>
            <CardRow
              card={card}
              busy={busyId === card.id}
              onMakeDefault={() => void change(makeDefault, card.id, messages.cardDefault)}
              onDelete={() => setDeleting(card)}
            />
          </div>
        ))}
      </div>
    );
  }

  return (
    <PageFrame title="Payment Methods" extra={cards.data?.length ? addButton : undefined}>
      {finish?.state === 'finishing' && (
        <Alert type="info" showIcon role="status" title="Finishing adding your card…" style={{ marginBottom: 16 }} />
      )}
      {finish?.state === 'failed' && (
        <Alert
          type="error"
          showIcon
          title={finish.message}
          closable={{ onClose: () => setFinish(null), 'aria-label': 'Dismiss' }}
          style={{ marginBottom: 16 }}
        />
      )}
      {content}
      <PayoutsSection />
      <AddCardModal open={adding} onClose={() => setAdding(false)} onAdded={() => setAdding(false)} />
      <Modal
        open={deleting !== null}
        title="Delete this card?"
        okText="Delete"
        okButtonProps={{ danger: true, loading: remove.isPending }}
        cancelText="Cancel"
        onOk={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
        destroyOnHidden
      >
        {deleting && <p>{cardName(deleting)} will be removed from your account.</p>}
      </Modal>
    </PageFrame>
  );
}
