import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Modal, Skeleton, Tag, theme, Typography } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { cardBrandLabel, cardExpired, messages, type PaymentCard } from '@swapstuff/contracts';
import { ApiError, toast } from '@swapstuff/sdk';
import { BRAND, EmptyState, LoadError, PageFrame } from '@swapstuff/sdk/ui';
import { sameSitePath } from '../address/redirect';
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

/**
 * Where to go back to once a card is added (`?redirect=/checkout/5`), kept in the tab for the while the
 * bank's authentication page is visited: that page comes back to the bare /payment-methods?setup_intent=….
 */
const REDIRECT_KEY = 'swapstuff:payment-methods:redirect';
const keptRedirect = {
  read: (): string | null => {
    try {
      return sameSitePath(window.sessionStorage.getItem(REDIRECT_KEY));
    } catch {
      return null;
    }
  },
  write: (path: string | null) => {
    try {
      if (path) window.sessionStorage.setItem(REDIRECT_KEY, path);
      else window.sessionStorage.removeItem(REDIRECT_KEY);
    } catch {
      // storage refused: a card that needs its bank comes back to this page, not the one before
    }
  },
};

/** "Back to checkout" for the checkout's paths; "Back" for any other page that sent the user here. */
const backLabel = (path: string) => (path.startsWith('/checkout/') ? 'Back to checkout' : 'Back');

/** What came of finishing a card's authentication on return from the provider's page. */
type Finish = { state: 'finishing' } | { state: 'failed'; message: string } | null;

/**
 * /payment-methods (spec sections 1, 2, 3 and 7; issue 12): the user's saved cards with their brand icon,
 * last 4 and expiry, the default first and marked; Add Card, Make Default and Delete (after a confirmation).
 * Back from the provider's authentication page (`?setup_intent=seti_…`), it finishes saving the card and
 * takes the query out of the address. Opened with `?redirect=<path of this site>` (the checkout's "Add a
 * new card"), a card added goes back to that page, also after the authentication page.
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

  const setupIntentId = params.get('setup_intent');
  // the page to go back to once a card is added: the query's, or (back from the bank) the one kept for it
  const asked = sameSitePath(params.get('redirect'));
  const redirect = asked ?? (setupIntentId ? keptRedirect.read() : null);
  useEffect(() => {
    // kept only while this visit may need it: a later visit of the bare page goes back nowhere
    if (!setupIntentId) keptRedirect.write(asked);
  }, [asked, setupIntentId]);

  /** A card is saved: back to the page that sent the user here, if one did. */
  const goBack = () => {
    if (!redirect) return;
    keptRedirect.write(null);
    navigate(redirect, { replace: true });
  };

  // back from the provider's authentication page: once per setup, whatever re-renders or StrictMode do
  const finished = useRef<string | null>(null);
  useEffect(() => {
    if (!setupIntentId || finished.current === setupIntentId) return;
    finished.current = setupIntentId;
    setFinish({ state: 'finishing' });
    void (async () => {
      let added = false;
      try {
        const setup = await finishAsync({ setupIntentId });
        if (setup.status === 'succeeded') {
          toast.success(messages.cardAdded);
          setFinish(null);
          added = true;
        } else {
          setFinish({ state: 'failed', message: messages.cardAuthenticationFailed });
        }
      } catch (err) {
        setFinish({ state: 'failed', message: err instanceof ApiError ? err.message : messages.genericError });
      }
      if (added && redirect) {
        keptRedirect.write(null);
        navigate(redirect, { replace: true });
        return;
      }
      // a reload or a shared link never finishes the same setup again; after a failure another card may be
      // tried here, and still goes back once added
      const search = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
      navigate({ pathname, search }, { replace: true });
    })();
  }, [setupIntentId, finishAsync, navigate, pathname, redirect]);

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
      {redirect && (
        <Alert
          type="info"
          showIcon
          title="Once your card is added, you go back to where you were."
          action={<Link to={redirect}>{backLabel(redirect)}</Link>}
          style={{ marginBottom: 16 }}
        />
      )}
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
      <AddCardModal
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={() => {
          setAdding(false);
          goBack();
        }}
      />
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
