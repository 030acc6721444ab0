import type { ImageVariant } from '@swapstuff/contracts';
import type { Storage } from '../../adapters/storage';
import type { StoredVariant } from './photos';

/**
 * A photo's `variants` column (JSON of StoredVariant, see photos.ts) as the product answers list them:
 * URLs where the browser fetches them. NULL, a photo stored before variants existed, is none.
 */
export function variantsOnTheWire(storage: Storage, column: string | null): ImageVariant[] {
  if (!column) return [];
  return (JSON.parse(column) as StoredVariant[]).map((v) => ({
    url: storage.url(v.file_name),
    type: v.mime,
    width: v.width,
    height: v.height,
  }));
}
