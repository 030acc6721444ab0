import { useRef, useState } from 'react';
import LeftOutlined from '@ant-design/icons/LeftOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import type { ProductImage } from '@swapstuff/contracts';
import { FallbackImage } from '@swapstuff/sdk/ui';
import styles from './ListingCard.module.css';

export interface PhotoCarouselProps {
  images: ProductImage[];
  title: string;
  /** how wide the photos are drawn (the `sizes` attribute) */
  sizes: string;
  /**
   * When the first photo loads (spec: lazy below the fold): `largest` at once and before anything else (the
   * page's largest paint), `eager` at once, `lazy` when scrolled near
   */
  priority?: PhotoPriority;
}

export type PhotoPriority = 'largest' | 'eager' | 'lazy';

/**
 * A card's photos, featured first (spec section 2: featured image carousel). A row that snaps photo by
 * photo: a phone swipes it, arrows and dots page it. Photos after the first load only when paged to.
 */
export function PhotoCarousel({ images, title, sizes, priority = 'lazy' }: PhotoCarouselProps) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const photos = images.length ? images : [null];
  const count = photos.length;

  const go = (to: number) => {
    const el = track.current;
    if (!el) return;
    const next = (to + count) % count;
    el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    setIndex(next);
  };

  return (
    <div className={styles.carousel}>
      {/* focusable so a keyboard can scroll it too (arrow keys), like a swipe does on a phone */}
      <div
        ref={track}
        className={styles.track}
        role="group"
        aria-label={`Photos of ${title}`}
        tabIndex={count > 1 ? 0 : undefined}
        onScroll={(event) => {
          const el = event.currentTarget;
          if (el.clientWidth) setIndex(Math.round(el.scrollLeft / el.clientWidth));
        }}
      >
        {photos.map((photo, i) => (
          <FallbackImage
            key={photo?.id ?? 'none'}
            className={styles.photo}
            src={photo?.file_name}
            variants={photo?.variants}
            sizes={sizes}
            alt={i === 0 ? title : `${title}, photo ${i + 1} of ${count}`}
            width={photo?.width || 800}
            height={photo?.height || 600}
            loading={priority !== 'lazy' && i === 0 ? 'eager' : 'lazy'}
            fetchPriority={priority === 'largest' && i === 0 ? 'high' : undefined}
          />
        ))}
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className={`${styles.arrow} ${styles.arrowPrev}`}
            aria-label={`Previous photo of ${title}`}
            onClick={() => go(index - 1)}
          >
            <LeftOutlined aria-hidden />
          </button>
          <button
            type="button"
            className={`${styles.arrow} ${styles.arrowNext}`}
            aria-label={`Next photo of ${title}`}
            onClick={() => go(index + 1)}
          >
            <RightOutlined aria-hidden />
          </button>
          <div className={styles.dots} aria-hidden>
            {photos.map((photo, i) => (
              <span key={photo?.id ?? i} className={i === index ? styles.dotActive : styles.dot} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
