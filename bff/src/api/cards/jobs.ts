import type { PaymentsPort } from '../../adapters/payments';
import { onOutside, type Handler } from '../../jobs';
import { cardsRepo } from './repo';

/**
 * An account deleted: its cards are detached from its customer at the payment provider and the customer's name and
 * e-mail replaced, so the provider keeps no card and no name of someone who left (the customer and its payments
 * stay, for the ledger's records). Safe to run again after a failure: the cards still attached are listed afresh.
 */
export function cardHandlers(deps: { payments: PaymentsPort }): Handler[] {
  return [
    onOutside('user.deleted', 'cards.forget-customer', async (db, { userId }) => {
      const customerId = await cardsRepo.customerOf(db, userId);
      if (!customerId) return;
      const { cards } = await deps.payments.listCards(customerId);
      for (const card of cards) await deps.payments.detachCard(card.id);
      await deps.payments.updateCustomer(customerId, {
        name: 'Deleted user',
        email: `deleted-${userId}@deleted.invalid`,
      });
    }),
  ];
}
