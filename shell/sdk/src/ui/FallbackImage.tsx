import { useState, type ImgHTMLAttributes } from 'react';
import { photoSources, type ImageVariant } from '@swapstuff/contracts';

/** Shown where a photo is missing or fails to load (spec section 8: broken images fall back to placeholders). */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" fill="#e3f2ef"/><path d="M30 60l12-14 9 10 7-8 10 12z" fill="#8cc9bf"/><circle cx="60" cy="36" r="6" fill="#8cc9bf"/></svg>',
  );

export interface FallbackImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> {
  src: string | null | undefined;
  /** intrinsic size, so the page keeps its layout while the photo loads */
  width: number;
  height: number;
  /**
   * lighter copies of src (a listing photo's `variants`): the browser picks the first type it reads, at
   * the width `sizes` asks for; src stays for those that read none, and for photos without copies
   */
  variants?: ImageVariant[];
  /** how wide the image is drawn (the `sizes` attribute), needed with variants; the full viewport by default */
  sizes?: string;
}

/**
 * An <img> that always has its size (no layout shift) and shows the placeholder when its photo is missing or
 * broken; with variants, a <picture> whose sources offer AVIF and WebP at several widths. The <picture>
 * is `display: contents`, so the <img> is laid out and styled as if it stood alone. Lazy unless told
 * otherwise: pass loading="eager" (and fetchPriority="high" for the largest paint) above the fold.
 */
export function FallbackImage({
  src,
  alt = '',
  loading = 'lazy',
  onError,
  variants = [],
  sizes = '100vw',
  ...rest
}: FallbackImageProps) {
  // a broken photo (or copy) shows the placeholder alone: a <source> would outrank the <img>'s src
  const [broken, setBroken] = useState<string | null>(null);
  const shown = src && broken !== src ? src : null;
  const img = (
    <img
      src={shown ?? PLACEHOLDER_IMAGE}
      alt={alt}
      loading={loading}
      decoding="async"
      onError={(event) => {
        if (shown) setBroken(shown);
        onError?.(event);
      }}
      {...rest}
    />
  );
  if (!shown || variants.length === 0) return img;
  return (
    <picture style={{ display: 'contents' }}>
      {photoSources(variants).map(({ type, srcSet }) => (
        <source key={type} type={type} srcSet={srcSet} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
