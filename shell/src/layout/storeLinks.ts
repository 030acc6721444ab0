/**
 * The app's pages in the stores, set when the shell is built (APP_STORE_URL, GOOGLE_PLAY_URL): a badge
 * shows only once its page exists, rather than send people to a store's front page.
 */
export interface StoreLinks {
  appStore: string | null;
  googlePlay: string | null;
}

export const STORE_LINKS: StoreLinks = {
  appStore: process.env.APP_STORE_URL || null,
  googlePlay: process.env.GOOGLE_PLAY_URL || null,
};
