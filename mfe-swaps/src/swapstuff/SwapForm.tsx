import { useRef, useState } from 'react';
import { Button, Flex, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { MAX_SWAP_ITEMS, routes, swapMessages, type Product } from '@swapstuff/contracts';
import { bus } from '@swapstuff/sdk';
import { Section } from '@swapstuff/sdk/checkout';
import { useMyActiveListings } from '../shared/api';
import { ActionAlerts } from '../shared/ActionAlerts';
import { PaymentStep } from '../shared/CardPicker';
import { cashCents, signedCash, type CashChoice } from '../shared/cash';
import { CashField } from '../shared/CashField';
import { FeeLine } from '../shared/FeeLine';
import { itemOf, type SwapItem } from '../shared/items';
import { ItemList } from '../shared/ItemList';
import { ListingPicker } from '../shared/ListingPicker';
import { usePaidAction } from '../shared/usePaidAction';
import { clearDraft, readDraft, writeDraft, type SwapDraft } from './draft';

/** Where a sent offer is seen: Swap Requests, Sent. */
export const SENT_OFFERS = `${routes.swapRequests}?tab=sent`;

/**
 * The offer for a listing: up to MAX_SWAP_ITEMS of my Active listings (the "Select the product" modal), extra
 * cash added or asked for, the platform fee on that cash, my card when I add cash, and Send. Sending with cash
 * I add goes through the payment flow; the offer then shows under Swap Requests, Sent.
 */
export function SwapForm({ product }: { product: Product }) {
  const listingId = String(product.id);
  const here = routes.swapstuff(product.id);
  const navigate = useNavigate();
  const [draft, setDraft] = useState<SwapDraft>(() => readDraft(listingId));
  const [picking, setPicking] = useState(false);
  const [pickerAsked, setPickerAsked] = useState(false);
  const sending = useRef(false);
  const mine = useMyActiveListings(pickerAsked);

  const cash = signedCash(draft.cash);
  // only cash I add is paid now
  const paid = usePaidAction(cash !== null && cash > 0 ? cashCents(cash) : 0, draft.cardId);
  const { card, busy } = paid;
  const ready = draft.items.length > 0 && cash !== null && paid.paymentReady && !busy;

  /** what Send waits for, said under it */
  const missing =
    draft.items.length === 0
      ? swapMessages.selectProduct
      : cash === null
        ? // a wrong amount is said under the field itself
          draft.cash.amount === null
          ? 'Enter the amount of cash'
          : null
        : !paid.paymentReady
          ? 'Please choose a card'
          : null;

  /** A change kept in the tab's storage at once ("Add a new card" leaves the page). */
  const change = (next: Partial<SwapDraft>) => {
    const merged = { ...draft, ...next };
    writeDraft(listingId, merged);
    setDraft(merged);
    paid.clearError();
  };

  const chooseCard = (cardId: string) => {
    card.choose(cardId);
    change({ cardId });
  };

  const openPicker = () => {
    setPickerAsked(true);
    setPicking(true);
  };

  const send = async () => {
    if (!ready || cash === null || sending.current) return;
    sending.current = true;
    const sent = await paid.submit(
      { action: 'offer', productId: product.id, productIds: draft.items.map((item) => item.id), cash },
      swapMessages.sent,
      () => {
        clearDraft(listingId);
        navigate(SENT_OFFERS);
      },
    );
    if (!sent) sending.current = false;
  };

  return (
    <Flex vertical gap={16}>
      <Section
        title="What you offer"
        action={
          <Button onClick={openPicker} disabled={busy}>
            Select the product
          </Button>
        }
      >
        {draft.items.length === 0 ? (
          <Typography.Text type="secondary">{swapMessages.selectProduct}</Typography.Text>
        ) : (
          <ItemList
            items={draft.items}
            label="You offer"
            disabled={busy}
            onRemove={(id) => change({ items: draft.items.filter((item) => item.id !== id) })}
          />
        )}
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0', fontSize: 13 }}>
          Up to {MAX_SWAP_ITEMS} of your active listings.
        </Typography.Paragraph>
      </Section>

      <Section title="Extra cash">
        <Flex vertical gap={10}>
          <CashField value={draft.cash} onChange={(value: CashChoice) => change({ cash: value })} disabled={busy} />
          <FeeLine cents={cash === null ? null : cashCents(cash)} />
        </Flex>
      </Section>

      {paid.pays && (
        <Section title="Payment">
          <PaymentStep cents={paid.cents} choice={{ ...card, choose: chooseCard }} returnTo={here} disabled={busy} />
        </Section>
      )}

      <ActionAlerts error={paid.error} redirecting={paid.redirecting} />
      <Button type="primary" size="large" block disabled={!ready} loading={busy} onClick={() => void send()}>
        Send
      </Button>
      {!busy && missing && (
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {missing}
        </Typography.Text>
      )}

      <ListingPicker
        open={picking}
        items={mine.data?.filter((item) => item.id !== product.id).map(itemOf)}
        loading={mine.isPending}
        error={
          mine.isLoadingError
            ? { message: mine.error.message, retry: () => void mine.refetch(), retrying: mine.isFetching }
            : undefined
        }
        selected={draft.items.map((item) => item.id)}
        onCancel={() => setPicking(false)}
        onOk={(items: SwapItem[]) => {
          change({ items });
          setPicking(false);
        }}
        onListItem={() => {
          setPicking(false);
          bus.emit('upload:open', { swapFor: product.id });
        }}
      />
    </Flex>
  );
}
