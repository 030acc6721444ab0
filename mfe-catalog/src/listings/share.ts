import { routes, type Product } from '@swapstuff/contracts';

/** The public address of a listing: its share link (spec section 2, /item-detail/{id}). */
export function shareUrl(productId: number): string {
  return new URL(routes.itemDetail(productId), window.location.origin).href;
}

/** Where the menu sends a listing: e-mail and two social networks (spec section 2), and a copy of the link. */
export function shareTargets(product: Pick<Product, 'id' | 'title'>): { key: string; label: string; href: string }[] {
  const url = encodeURIComponent(shareUrl(product.id));
  const text = encodeURIComponent(`${product.title} on Swapstuff`);
  return [
    { key: 'email', label: 'Email', href: `mailto:?subject=${text}&body=${url}` },
    { key: 'facebook', label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
    { key: 'x', label: 'X (Twitter)', href: `https://twitter.com/intent/tweet?url=${url}&text=${text}` },
  ];
}
