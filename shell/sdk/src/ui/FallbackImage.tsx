import type { ImgHTMLAttributes } from 'react';

/** Shown where a photo is missing or fails to load (spec section 8: broken images fall back to placeholders). */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" fill="#e3f2ef"/><path d="M30 60l12-14 9 10 7-8 10 12z" fill="#8cc9bf"/><circle cx="60" cy="36" r="6" fill="#8cc9bf"/></svg>',
  );

export interface FallbackImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  src: string | null | undefined;
  /** intrinsic size, so the page keeps its layout while the photo loads */
  width: number;
  height: number;
}

/**
 * An <img> that always has its size (no layout shift) and shows the placeholder when its photo is missing or
 * broken. Lazy unless told otherwise: pass loading="eager" for what is above the fold.
 */
export function FallbackImage({ src, alt = '', loading = 'lazy', onError, ...rest }: FallbackImageProps) {
  return (
    <img
      src={src || PLACEHOLDER_IMAGE}
      alt={alt}
      loading={loading}
      decoding="async"
      onError={(event) => {
        if (event.currentTarget.src !== PLACEHOLDER_IMAGE) event.currentTarget.src = PLACEHOLDER_IMAGE;
        onError?.(event);
      }}
      {...rest}
    />
  );
}
