/**
 * The catalog read model: what a listing looks like on the wire, and which listings anyone may see. The
 * visible-listing rule lives here (and in db's visibility.ts for the search index) and nowhere else:
 * search, home, likes, questions, reports and the product pages read listings through it.
 */
export {
  findViewable,
  listedListings,
  ownListings,
  productsByIds,
  toProducts,
  viewableListings,
  type ProductRow,
} from './repo';
export { ListedAnswers, LISTED_ANSWER_TTL_MS, SHARED_CACHE_CONTROL } from './listed-answers';
export { searchIndexHandlers } from './search-index';
