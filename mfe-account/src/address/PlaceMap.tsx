import { useId } from 'react';
import styles from './PlaceMap.module.css';

/** Spec section 9: the address picker's map, at zoom 13 with a circle of 800 m by default. */
export const MAP_ZOOM = 13;
export const CIRCLE_RADIUS_M = 800;

const TILE = 256;
/** the Web Mercator world at zoom 0 is one tile; each zoom doubles it */
const EARTH_CIRCUMFERENCE_M = 40_075_016.686;

/**
 * The tiles, when the map has a provider (`{z}/{x}/{y}` in the URL, set when mfe_account is built:
 * MAP_TILE_URL, with MAP_ATTRIBUTION): none by default, so the map works offline and sends the picked place
 * to nobody.
 */
export const MAP_TILES = { url: process.env.MAP_TILE_URL || null, attribution: process.env.MAP_ATTRIBUTION || '' };

/** A latitude and longitude as Web Mercator pixels of the whole world at `zoom`. */
export function worldPixel(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const size = TILE * 2 ** zoom;
  const sin = Math.sin((Math.max(-85.05112878, Math.min(85.05112878, lat)) * Math.PI) / 180);
  return {
    x: ((lng + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

/** How many pixels `meters` span on the ground at `lat` and `zoom` (Web Mercator stretches toward the poles). */
export function metersToPixels(meters: number, lat: number, zoom: number): number {
  const metersPerPixel = (EARTH_CIRCUMFERENCE_M * Math.cos((lat * Math.PI) / 180)) / (TILE * 2 ** zoom);
  return meters / metersPerPixel;
}

export interface PlaceMapProps {
  lat: number;
  lng: number;
  /** what the place is, for the map's name */
  label: string;
  width?: number;
  height?: number;
  zoom?: number;
  radiusM?: number;
  tiles?: { url: string | null; attribution: string };
}

/**
 * The picked place on a map: the place in the middle with a marker, a circle of `radiusM` around it, at
 * `zoom`. A still map (the modal shows where the place is; it is not for exploring), drawn as SVG over
 * the provider's tiles, or over a plain background when there is no provider.
 */
export function PlaceMap({
  lat,
  lng,
  label,
  width = 480,
  height = 200,
  zoom = MAP_ZOOM,
  radiusM = CIRCLE_RADIUS_M,
  tiles = MAP_TILES,
}: PlaceMapProps) {
  const gridId = useId();
  const center = worldPixel(lat, lng, zoom);
  const left = center.x - width / 2;
  const top = center.y - height / 2;
  const radius = metersToPixels(radiusM, lat, zoom);
  const last = 2 ** zoom - 1;
  const images = [];
  if (tiles.url) {
    for (let ty = Math.floor(top / TILE); ty <= Math.floor((top + height) / TILE); ty += 1) {
      for (let tx = Math.floor(left / TILE); tx <= Math.floor((left + width) / TILE); tx += 1) {
        if (ty < 0 || ty > last) continue;
        // the world wraps east and west
        const x = ((tx % (last + 1)) + last + 1) % (last + 1);
        const src = tiles.url.replace('{z}', String(zoom)).replace('{x}', String(x)).replace('{y}', String(ty));
        images.push(
          <image key={`${tx}/${ty}`} href={src} x={tx * TILE - left} y={ty * TILE - top} width={TILE} height={TILE} />,
        );
      }
    }
  }
  const cx = width / 2;
  const cy = height / 2;
  return (
    <figure className={styles.map}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        role="img"
        aria-label={`Map of ${label}, with the ${radiusM} m around it`}
        data-zoom={zoom}
      >
        <defs>
          <pattern id={gridId} width="32" height="32" patternUnits="userSpaceOnUse">
            <path d="M 32 0 L 0 0 0 32" fill="none" className={styles.grid} />
          </pattern>
        </defs>
        <rect width={width} height={height} className={styles.ground} />
        {images.length > 0 ? images : <rect width={width} height={height} fill={`url(#${gridId})`} />}
        <circle cx={cx} cy={cy} r={radius} className={styles.circle} data-testid="radius" />
        <path d={`M ${cx} ${cy} l -9 -14 a 11 11 0 1 1 18 0 z`} className={styles.marker} data-testid="marker" />
        <circle cx={cx} cy={cy - 19} r="4" className={styles.markerDot} />
      </svg>
      {tiles.url && tiles.attribution && <figcaption className={styles.attribution}>{tiles.attribution}</figcaption>}
    </figure>
  );
}
