import { useState } from 'react';
import { Image } from 'antd';
import { ITEM_MAIN_PHOTO_SIZES, type ProductImage, type ProductVideo } from '@swapstuff/contracts';
import { FallbackImage, PLACEHOLDER_IMAGE } from '@swapstuff/sdk/ui';
import styles from './ItemDetailPage.module.css';

export interface GalleryProps {
  title: string;
  images: ProductImage[];
  videos: ProductVideo[];
}

/**
 * The item's photos and videos. The main photo loads at once (it is the page's largest paint); a click
 * opens the full-screen preview (spec section 2: n / total counter, previous and next, arrow keys).
 */
export function Gallery({ title, images, videos }: GalleryProps) {
  const [current, setCurrent] = useState(0);
  const [previewOpen, setPreviewOpen] = useState(false);
  const main = images[current];

  return (
    <div className={styles.gallery}>
      <button
        type="button"
        className={styles.mainPhoto}
        onClick={() => images.length && setPreviewOpen(true)}
        aria-label={images.length ? `Open photo ${current + 1} of ${images.length} full screen` : 'No photo'}
      >
        <FallbackImage
          src={main?.file_name}
          variants={main?.variants}
          sizes={ITEM_MAIN_PHOTO_SIZES}
          alt={title}
          width={main?.width || 800}
          height={main?.height || 600}
          loading="eager"
          fetchPriority="high"
        />
      </button>
      {images.length > 1 && (
        <ul className={styles.thumbs} aria-label="Photos">
          {images.map((image, i) => (
            <li key={image.id}>
              <button
                type="button"
                className={i === current ? styles.thumbActive : styles.thumb}
                aria-label={`Show photo ${i + 1} of ${images.length}`}
                aria-current={i === current}
                onClick={() => setCurrent(i)}
              >
                <FallbackImage
                  src={image.file_name}
                  variants={image.variants}
                  sizes="72px"
                  width={image.width}
                  height={image.height}
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {videos.length > 0 && (
        <div className={styles.videos}>
          {videos.map((video, i) => (
            <video
              key={video.id}
              className={styles.video}
              controls
              preload="metadata"
              aria-label={`Video ${i + 1} of ${title}`}
            >
              <source src={video.file_name} type={video.mime} />
            </video>
          ))}
        </div>
      )}
      <Image.PreviewGroup
        items={images.map((image) => image.file_name)}
        fallback={PLACEHOLDER_IMAGE}
        preview={{
          open: previewOpen,
          current,
          onOpenChange: (open) => setPreviewOpen(open),
          onChange: (index) => setCurrent(index),
          countRender: (n, total) => `${n} / ${total}`,
        }}
      />
    </div>
  );
}
