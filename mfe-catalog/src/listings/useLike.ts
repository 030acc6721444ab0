import { useState } from 'react';
import { endpoints, type Product } from '@swapstuff/contracts';
import { api, bus, useIsSignedIn } from '@swapstuff/sdk';

/**
 * The like heart (spec section 4: a like toggles between 0 and 1). The heart turns at once and turns back
 * if the api refuses (the api client shows its toast). A visitor is asked to log in first.
 */
export function useLike(product: Pick<Product, 'id' | 'likes_count'>, onChange?: (liked: boolean) => void) {
  const signedIn = useIsSignedIn();
  const [liked, setLiked] = useState(product.likes_count === '1');
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    if (!signedIn) {
      bus.emit('login:open', {});
      return;
    }
    if (busy) return;
    const was = liked;
    setLiked(!was);
    setBusy(true);
    try {
      const answer = await api.call(endpoints.like, { productId: product.id }, { toastOnError: true });
      const now = answer.likes_count === '1';
      setLiked(now);
      onChange?.(now);
    } catch {
      setLiked(was);
    } finally {
      setBusy(false);
    }
  };
  return { liked, toggle, busy };
}
