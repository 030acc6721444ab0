import { messages, type ProductPage } from '@swapstuff/contracts';
import { withTransaction } from '@swapstuff/db';
import type { ApiDeps } from '../deps';
import { HttpError } from '../../http';
import { findViewable, toProducts } from '../catalog';
import { likesRepo } from './repo';
import type { LikedPageQuery } from './schemas';

/**
 * A listing one may like or see likes of: not deleted, and its seller neither blocked nor deleted. Answers
 * its owner's id.
 */
async function viewableOrFail(deps: ApiDeps, productId: number): Promise<number> {
  const listing = await findViewable(deps.db, productId);
  if (!listing) throw new HttpError(404, messages.productNotFound);
  return listing.user_id;
}

/** Like toggles (spec section 4): the answer says whether the user likes it now. Owners like others' only. */
export async function toggle(deps: ApiDeps, userId: number, productId: number): Promise<boolean> {
  if ((await viewableOrFail(deps, productId)) === userId) throw new HttpError(403, messages.ownLike);
  return withTransaction(deps.db, (trx) => likesRepo.toggle(trx, userId, productId));
}

export async function likesOf(
  deps: ApiDeps,
  viewerId: number | null,
  productId: number,
): Promise<{ total: number; mine: boolean }> {
  await viewableOrFail(deps, productId);
  const [total, mine] = await Promise.all([
    likesRepo.count(deps.db, productId),
    viewerId === null ? false : likesRepo.likes(deps.db, viewerId, productId),
  ]);
  return { total, mine };
}

/** /my-likes: the newest like first; listings deleted since drop out. */
export async function liked(deps: ApiDeps, userId: number, q: LikedPageQuery): Promise<ProductPage> {
  const { rows, total } = await likesRepo.likedBy(deps.db, userId, q);
  return {
    products: await toProducts(deps.db, deps.storage, rows),
    total,
    pageNumber: q.pageNumber,
    perPage: q.perPage,
  };
}
