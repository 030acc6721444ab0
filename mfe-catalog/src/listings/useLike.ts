import { useState } from 'react';
import type { Product } from '@swapstuff/contracts';
import { bus, useIsSignedIn } from '@swapstuff/sdk';
import { useLikeListing } from './api';

/**
 * The like heart (spec section 4: a like toggles between 0 and 1). The heart turns at once and turns back
 * if the api refuses (with the api's toast). A visitor is asked to log in first.
 */
export function useLike(product: Pick<Product, 'id' | 'likes_count'>) {
  const signedIn = useIsSignedIn();
  const like = useLikeListing();
  const fromServer = product.likes_count === '1';
  const [liked, setLiked] = useState(fromServer);
  // the listing read again (after this like, or anywhere else) has the last word
  const [shown, setShown] = useState(fromServer);
  if (shown !== fromServer) {
    setShown(fromServer);
    setLiked(fromServer);
  }

  const toggle = async () => {
    if (!signedIn) {
      bus.emit('login:open', {});
      return;
    }
    if (like.isPending) return;
    const was = liked;
    setLiked(!was);
    try {
      const answer = await like.mutateAsync({ productId: product.id });
      setLiked(answer.likes_count === '1');
    } catch {
      setLiked(was);
    }
  };
  return { liked, toggle };
}
