/** How long the app's scripts wait at most for the first view's largest photo. */
export const LARGEST_PHOTO_WAIT_MS = 3000;

/**
 * Settles when the first view's largest photo has arrived (or failed, or LARGEST_PHOTO_WAIT_MS passed);
 * at once when there is none or it is there already. That photo is the one the server's HTML asks for
 * with fetchpriority="high" (a card's, item detail's main photo): a visitor's page is drawn and its links
 * work before any script, and on a phone's link the photo competes with some 300 KB of the app's scripts
 * for the bandwidth (Lighthouse on search: its largest paint at 1.5–2.7 s, the photo's download starting
 * behind the scripts'). So the scripts are asked for once it is in; the page is taken over (hydrated) a
 * photo's download later, a few KB. This module imports nothing: it runs before the app's shared modules.
 */
export function largestPhotoSettled(root: ParentNode = document): Promise<void> {
  const photo = root.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  if (!photo || photo.complete) return Promise.resolve();
  return new Promise((resolve) => {
    const settle = () => {
      clearTimeout(timer);
      photo.removeEventListener('load', settle);
      photo.removeEventListener('error', settle);
      resolve();
    };
    const timer = setTimeout(settle, LARGEST_PHOTO_WAIT_MS);
    photo.addEventListener('load', settle);
    photo.addEventListener('error', settle);
  });
}
