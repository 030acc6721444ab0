import {
  deleteAccountRules,
  DELETED_USER_NAME,
  ListingStatus,
  safetyMessages,
  type DeleteAccountBody,
  type DeletionCheck,
  type InFlight,
} from '@swapstuff/contracts';
import { withTransaction, type Knex } from '@swapstuff/db';
import type { ApiDeps } from '../deps';
import { fieldError, HttpError } from '../../http';
import { checkOwnPassword, endEverySession } from '../auth';
import { ordersRepo } from '../orders';
import { moveListing } from '../products';
import { swapsRepo } from '../swaps';
import { usersRepo, type UserRow } from '../users';
import { compileForm } from '../validation';

export const deleteAccountSchema = compileForm(deleteAccountRules);
export const deletionCheckSchema = compileForm({ reasonId: deleteAccountRules.reasonId });

/** Offers, swaps and orders of the user not ended yet: each holds the account (the rules are theirs). */
async function inFlightOf(db: Knex, userId: number): Promise<InFlight> {
  return { swaps: await swapsRepo.inFlightCount(db, userId), ...(await ordersRepo.inFlight(db, userId)) };
}

const holds = (inFlight: InFlight) => inFlight.swaps + inFlight.sales + inFlight.purchases > 0;

async function requireReason(db: Knex, reasonId: number): Promise<void> {
  if (!(await db('delete_account_reasons').where({ id: reasonId }).first('id'))) {
    throw fieldError({ reasonId: safetyMessages.deleteReasonRequired });
  }
}

function refuse(inFlight: InFlight): never {
  throw new HttpError(409, safetyMessages.deleteInFlight, {
    content: { canDelete: false, inFlight } satisfies DeletionCheck,
  });
}

/** `/api/deleterequest`: whether the account could be deleted now; 409 with what holds it if not. */
export async function checkDeletion(deps: ApiDeps, user: UserRow, reasonId: number): Promise<DeletionCheck> {
  await requireReason(deps.db, reasonId);
  const inFlight = await inFlightOf(deps.db, user.id);
  if (holds(inFlight)) refuse(inFlight);
  return { canDelete: true, inFlight };
}

/**
 * `/api/delete-user` (docs/decisions.md, "Deleting an account"). After the password check, one transaction
 * on the user's locked row: refused while an offer, swap or order is in flight (offers and orders hold the
 * row shared while they start, so none can slip in); Active listings are deleted; the row keeps its id for
 * others' orders, reviews and questions but loses everything that names the person (shown as "Deleted
 * user"); addresses, likes, blocks and liked categories go; every session and reset link ends. The
 * `user.deleted` event takes the listings out of search.
 */
export async function deleteAccount(deps: ApiDeps, user: UserRow, body: DeleteAccountBody): Promise<void> {
  const reasonId = Number(body.reasonId);
  await requireReason(deps.db, reasonId);
  await checkOwnPassword(deps, user, body.password, 'password');
  const avatar = await withTransaction(deps.db, async (trx) => {
    const row = await usersRepo.lockLive(trx, user.id);
    if (!row) throw new HttpError(404, safetyMessages.accountDeleted);
    const inFlight = await inFlightOf(trx, user.id);
    if (holds(inFlight)) refuse(inFlight);
    const active: number[] = await trx('products')
      .where({ user_id: user.id, status: ListingStatus.Active })
      .pluck('id');
    for (const id of active) await moveListing(trx, deps.events, id, ListingStatus.Deleted);
    await erase(trx, row);
    await endEverySession(trx, user.id);
    await trx('account_deletions').insert({ user_id: user.id, reason_id: reasonId, created_at: new Date() });
    await deps.events.emit(trx, 'user.deleted', { userId: user.id });
    return row.avatar;
  });
  deps.realtime.endConnections({ userId: user.id });
  await forgetAvatar(deps, avatar);
}

/** Everything that names or reaches the person, gone; the unique columns take values no one can type. */
async function erase(trx: Knex.Transaction, user: UserRow): Promise<void> {
  const now = new Date();
  await trx('users')
    .where({ id: user.id })
    .update({
      ...DELETED_USER_NAME,
      username: `deleted_${user.id}`.slice(0, 20),
      email: `deleted-${user.id}@deleted.invalid`,
      phone_no: null,
      avatar: null,
      businessName: user.is_business ? 'Deleted user' : null,
      businessUsername: null,
      businessEINNumber: null,
      businessEmail: null,
      address: null,
      city: null,
      state: null,
      zip: null,
      // no password opens it: no hash has this form
      password_hash: '!deleted',
      deleted_at: now,
      updated_at: now,
    });
  // a listing's pick-up address is its owner's; the listing keeps its city and state
  await trx('products').where({ user_id: user.id }).update({ address_id: null });
  await trx('addresses').where({ user_id: user.id }).delete();
  await trx('product_likes').where({ user_id: user.id }).delete();
  await trx('user_categories').where({ user_id: user.id }).delete();
  await trx('user_blocks').where({ blocker_id: user.id }).orWhere({ blocked_id: user.id }).delete();
  // a provider's sign-in no longer reaches the account (a new one would be made)
  await trx('social_identities').where({ user_id: user.id }).delete();
}

/** The avatar's file goes too, unless another account shows the same picture (keys are content hashes). */
async function forgetAvatar(deps: ApiDeps, avatar: string | null): Promise<void> {
  if (!avatar) return;
  if (await deps.db('users').where({ avatar }).first('id')) return;
  const key = avatar.replace(/^.*?\/media\//, '');
  await deps.storage.remove(key).catch((err: unknown) => deps.logger.error({ err }, 'avatar not removed'));
}
