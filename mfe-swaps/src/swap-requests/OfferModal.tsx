import type { ComponentType, ReactNode } from 'react';
import { Button, Flex, Modal } from 'antd';
import { routes, type SwapOffer } from '@swapstuff/contracts';
import { ActionAlerts } from '../shared/ActionAlerts';
import { PaymentStep } from '../shared/CardPicker';
import type { PaidAction } from '../shared/usePaidAction';

export interface OfferDialogProps {
  /** the offer the dialog is for; null: closed */
  offer: SwapOffer | null;
  onClose(): void;
}

export interface OfferModalProps extends OfferDialogProps {
  title: string;
  width?: number;
  /** the dialog's body, mounted afresh for each offer (no choice carries over) */
  body: ComponentType<{ offer: SwapOffer; onClose(): void }>;
}

/** A dialog about one offer of Swap Requests, open while there is one. */
export function OfferModal({ offer, onClose, title, width = 520, body: Body }: OfferModalProps) {
  return (
    <Modal open={offer !== null} title={title} onCancel={onClose} footer={null} destroyOnHidden width={width}>
      {offer && <Body key={offer.id} offer={offer} onClose={onClose} />}
    </Modal>
  );
}

export interface DialogActionsProps {
  /** the dialog's button */
  label: string;
  /** it can be pressed: all it needs is chosen (and nothing is running) */
  ready: boolean;
  busy: boolean;
  error: string | null;
  redirecting?: boolean;
  onSubmit(): void;
  onCancel(): void;
}

/** The end of an offer's dialog: what went wrong or the wait for the bank, then Cancel beside its button. */
export function DialogActions({ label, ready, busy, error, redirecting, onSubmit, onCancel }: DialogActionsProps) {
  return (
    <>
      <ActionAlerts error={error} redirecting={redirecting} />
      <Flex justify="end" gap={8} wrap>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="primary" disabled={!ready} loading={busy} onClick={onSubmit}>
          {label}
        </Button>
      </Flex>
    </>
  );
}

export interface PaidDialogActionsProps extends Pick<DialogActionsProps, 'label' | 'onSubmit' | 'onCancel'> {
  paid: PaidAction;
  /** the dialog's own choices are complete (the payment's are checked here) */
  complete: boolean;
  /** said between the payment and the buttons */
  note?: ReactNode;
}

/**
 * The end of an offer's dialog whose action may take my extra cash: the payment when I pay (a card to pay
 * with, held in escrow; adding a card comes back to Swap Requests), then the dialog's actions.
 */
export function PaidDialogActions({ paid, complete, note, ...actions }: PaidDialogActionsProps) {
  return (
    <>
      {paid.pays && (
        <PaymentStep cents={paid.cents} choice={paid.card} returnTo={routes.swapRequests} disabled={paid.busy} />
      )}
      {note}
      <DialogActions
        {...actions}
        ready={complete && paid.paymentReady && !paid.busy}
        busy={paid.busy}
        error={paid.error}
        redirecting={paid.redirecting}
      />
    </>
  );
}
