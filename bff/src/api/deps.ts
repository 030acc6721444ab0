import type { Knex } from '@swapstuff/db';
import type { Logger } from 'pino';
import type { Realtime } from './realtime';
import type { Identity } from '../adapters/identity';
import type { Mailer } from '../adapters/mail';
import type { PaymentsPort } from '../adapters/payments';
import type { Places } from '../adapters/places';
import type { ShippingPort } from '../adapters/shipping';
import type { Storage } from '../adapters/storage';
import type { Outbox } from '../jobs';

/** What the api's features are built from; main.ts and the test harness make one each. */
export interface ApiDeps {
  db: Knex;
  mailer: Mailer;
  /** photos and videos of listings */
  storage: Storage;
  /** The address users reach the site at (links in mails), without a trailing slash. */
  publicUrl: string;
  /** Holds media/ (served at /media) and the outbox. */
  dataDir: string;
  logger: Logger;
  /** address search (the Add/Edit Address picker): offline postal data, or Google Places */
  places: Places;
  /** domain events, announced inside the transaction of the change (bff/src/jobs) */
  events: Outbox;
  /** cards, payments, refunds and payouts: Stripe, or our sandbox speaking its API */
  payments: PaymentsPort;
  /** courier rates, labels and tracking: Shippo, or our sandbox speaking its API */
  shipping: ShippingPort;
  /** social sign-in: OpenID Connect providers (Google, Apple…), or our sandbox playing Google */
  identity: Identity;
  /**
   * What staff members' authenticator secrets are encrypted under: STAFF_KEY, or one kept in DATA_DIR (every api
   * process must have the same one).
   */
  staffKey: string;
  /** events to users' open connections (socket.io): chat messages, typing, read receipts */
  realtime: Realtime;
}
