import Joi from 'joi';
import {
  businessProfileRules,
  ListingStatus,
  messages,
  OfferStatus,
  OrderSwapStatus,
  profileMessages,
  profileRules,
  sellerName,
  type ProfileBody,
  type ProfileStats,
  type PublicProfile,
  type User,
} from '@swapstuff/contracts';
import { isUniqueViolation, toDate, withTransaction } from '@swapstuff/db';
import type { ApiDeps } from '../deps';
import { fieldError, HttpError } from '../../http';
import { filesNamed, storeAvatar } from '../media';
import { reputationOf } from '../reviews';
import { toUser, usersRepo, type UserRow } from '../users';
import type { AuthContext } from '../auth';
import { compileForm, parse } from '../validation';

/** "1"/"true" from a form, 1/true from JSON: take the avatar away. */
const removeAvatar = { removeAvatar: Joi.alternatives(Joi.boolean(), Joi.number().valid(0, 1), Joi.string().max(5)) };
const schemas = {
  individual: compileForm(profileRules, removeAvatar),
  business: compileForm(businessProfileRules, removeAvatar),
};

const trimmed = (value: string | undefined) => (value ?? '').trim();

/** An optional field: absent leaves the column as it is, blank empties it. */
const optional = (value: string | undefined) => (value === undefined ? undefined : value.trim() || null);

/**
 * The columns a profile edit writes, by the account's kind (a business's username is its businessUsername).
 * The required fields are the whole form each time; an optional one left out of the body is left alone.
 */
function profileColumns(user: UserRow, input: ProfileBody): Partial<UserRow> {
  const columns: Partial<UserRow> = user.is_business
    ? {
        businessName: trimmed(input.businessName),
        username: input.businessUsername!,
        businessUsername: input.businessUsername!,
        businessEINNumber: optional(input.businessEINNumber),
        // the business's contact e-mail; the e-mail it signs in with is not changed here (docs/decisions.md)
        businessEmail: trimmed(input.businessEmail).toLowerCase(),
        address: trimmed(input.address),
        city: trimmed(input.city),
        state: trimmed(input.state),
        zip: trimmed(input.zip),
        phone_no: trimmed(input.phone),
      }
    : {
        first_name: trimmed(input.firstName),
        last_name: trimmed(input.lastName),
        username: input.username!,
        phone_no: optional(input.phone),
      };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

/**
 * POST /api/edituser (and /api/v2/edituser): the signed-in user's own profile, by the rules of their kind, with
 * a new avatar (multipart field `avatar`: checked and re-encoded as a listing photo, cropped square) or none.
 * The username stays unique whatever the letters' case, also when two edits race for one (the unique index).
 */
export async function editProfile(
  deps: ApiDeps,
  { user, role }: AuthContext,
  body: unknown,
  files: Express.Multer.File[],
): Promise<User> {
  const input = parse<ProfileBody & { removeAvatar?: unknown }>(
    user.is_business ? schemas.business : schemas.individual,
    body,
  );
  const usernameField = user.is_business ? 'businessUsername' : 'username';
  const columns = profileColumns(user, input);
  const [file] = filesNamed(files, 'avatar');
  // encoded before the transaction: sharp takes a while and holds no row
  if (file) columns.avatar = deps.storage.url((await storeAvatar(deps.storage, file)).file_name);
  else if (['1', 'true', 1, true].includes(input.removeAvatar as string)) columns.avatar = null;
  try {
    await withTransaction(deps.db, async (trx) => {
      if (await usersRepo.usernameTaken(trx, columns.username!, user.id)) {
        throw fieldError({ [usernameField]: messages.usernameTaken }, 409);
      }
      await usersRepo.update(trx, user.id, columns);
    });
  } catch (err) {
    // two edits raced past the check: the unique index decides
    if (isUniqueViolation(err)) throw fieldError({ [usernameField]: messages.usernameTaken }, 409);
    throw err;
  }
  return toUser((await usersRepo.byId(deps.db, user.id))!, role);
}

/** A user anyone may look at: a deleted or unknown one is not found. */
async function visibleUser(deps: ApiDeps, userId: number): Promise<UserRow> {
  const user = await usersRepo.byId(deps.db, userId);
  if (!user) throw new HttpError(404, profileMessages.userNotFound);
  return user;
}

/** GET /api/user/profile/stats/{userId}: what a user has done here, for anyone. */
export async function profileStats(deps: ApiDeps, userId: number): Promise<ProfileStats> {
  await visibleUser(deps, userId);
  const count = async (query: Promise<Array<{ n: number | string }>>) => Number((await query)[0]?.n ?? 0);
  const [listings, sold, swaps, reputation] = await Promise.all([
    count(deps.db('products').where({ user_id: userId, status: ListingStatus.Active }).count({ n: '*' })),
    count(
      deps
        .db('orders')
        .where({ seller_id: userId, kind: 'buynow', status: OrderSwapStatus.Completed })
        .count({ n: '*' }),
    ),
    count(
      deps
        .db('swap_requests')
        .where({ offer_status: OfferStatus.Completed })
        .andWhere((q) => q.where({ sender_id: userId }).orWhere({ receiver_id: userId }))
        .count({ n: '*' }),
    ),
    reputationOf(deps.db, userId),
  ]);
  return { listings, sold, swaps, ...reputation };
}

/** POST /api/getuser: a user's public profile (a seller card's link): never their contact details. */
export async function publicProfile(deps: ApiDeps, userId: number): Promise<PublicProfile> {
  const user = await visibleUser(deps, userId);
  return {
    id: user.id,
    name: sellerName({
      first_name: user.first_name ?? '',
      last_name: user.last_name ?? '',
      is_business: user.is_business ? 1 : 0,
      businessName: user.businessName,
    }),
    username: user.username,
    avatar: user.avatar,
    is_business: user.is_business ? 1 : 0,
    member_since: toDate(user.created_at).toISOString(),
    stats: await profileStats(deps, userId),
  };
}
