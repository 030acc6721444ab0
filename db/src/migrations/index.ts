import type { Knex } from 'knex';
import * as foundation from './001_foundation';
import * as addresses from './002_addresses';
import * as catalog from './003_catalog';
import * as rateLimits from './004_rate_limits';
import * as outbox from './005_outbox';
import * as images from './006_images';
import * as likedCategories from './007_liked_categories';
import * as notifications from './008_notifications';
import * as swapCategories from './009_swap_categories';
import * as imageVariants from './010_image_variants';
import * as ledger from './011_ledger';
import * as paymentSettings from './012_payment_settings';
import * as paymentProvider from './013_payment_provider';
import * as orders from './014_orders';
import * as swaps from './015_swaps';
import * as feedback from './016_feedback';
import * as userSafety from './017_user_safety';
import * as socialIdentities from './018_social_identities';
import * as chat from './019_chat';
import * as chatPhotosMute from './020_chat_photos_mute';
import * as notificationEvents from './021_notification_events';
import * as exactEmails from './022_exact_emails';
import * as cardHolds from './023_card_holds';
import * as ledgerParams from './024_ledger_params';
import * as reconciliationWindows from './025_reconciliation_windows';
import * as cardHoldRequests from './026_card_hold_requests';
import * as staff from './027_staff';
import * as disputeSupport from './028_dispute_support';
import * as moderation from './029_moderation';
import * as signIns from './030_sign_ins';

interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/** Ordered list of migrations. Append only; never rename a shipped one (knex records names). */
const migrations: Migration[] = [
  { name: '001_foundation', ...foundation },
  { name: '002_addresses', ...addresses },
  { name: '003_catalog', ...catalog },
  { name: '004_rate_limits', ...rateLimits },
  { name: '005_outbox', ...outbox },
  { name: '006_images', ...images },
  { name: '007_liked_categories', ...likedCategories },
  { name: '008_notifications', ...notifications },
  { name: '009_swap_categories', ...swapCategories },
  { name: '010_image_variants', ...imageVariants },
  { name: '011_ledger', ...ledger },
  { name: '012_payment_settings', ...paymentSettings },
  { name: '013_payment_provider', ...paymentProvider },
  { name: '014_orders', ...orders },
  { name: '015_swaps', ...swaps },
  { name: '016_feedback', ...feedback },
  { name: '017_user_safety', ...userSafety },
  { name: '018_social_identities', ...socialIdentities },
  { name: '019_chat', ...chat },
  { name: '020_chat_photos_mute', ...chatPhotosMute },
  { name: '021_notification_events', ...notificationEvents },
  { name: '022_exact_emails', ...exactEmails },
  { name: '023_card_holds', ...cardHolds },
  { name: '024_ledger_params', ...ledgerParams },
  { name: '025_reconciliation_windows', ...reconciliationWindows },
  { name: '026_card_hold_requests', ...cardHoldRequests },
  { name: '027_staff', ...staff },
  { name: '028_dispute_support', ...disputeSupport },
  { name: '029_moderation', ...moderation },
  { name: '030_sign_ins', ...signIns },
];

/**
 * Migrations are imported as modules rather than discovered on disk, so the same list works from the
 * compiled JS, from swc-transformed tests and from ts source, with no file-extension rules.
 */
export const migrationSource: Knex.MigrationSource<Migration> = {
  getMigrations: async () => migrations,
  getMigrationName: (m) => m.name,
  getMigration: async (m) => ({ up: m.up, down: m.down }),
};
