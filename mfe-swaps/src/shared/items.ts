import type { OrderProduct } from '@swapstuff/contracts';

/** A listing as the swap screens show it: a listing of the api or an item of an offer both fit. */
export type SwapItem = Pick<OrderProduct, 'id' | 'title' | 'featured_image'>;

/** Only what the screens show (a whole listing would be kept in the tab's storage otherwise). */
export const itemOf = (item: SwapItem): SwapItem => ({
  id: item.id,
  title: item.title,
  featured_image: item.featured_image ? { file_name: item.featured_image.file_name } : null,
});

/** The items of both lists, each once, in the order met. */
export function uniqueItems(...lists: SwapItem[][]): SwapItem[] {
  const seen = new Map<number, SwapItem>();
  for (const item of lists.flat()) if (!seen.has(item.id)) seen.set(item.id, item);
  return [...seen.values()];
}
