import sharp from 'sharp';

export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

type Photos = { jpeg: FilePayload; png: FilePayload; gif: FilePayload };

/** Photo-like pictures (noise compresses badly, as a real photo does) of each allowed format, `width` wide. */
async function make(width: number): Promise<Photos> {
  const base = () =>
    sharp({
      create: {
        width,
        height: (width * 3) / 4,
        channels: 3,
        background: '#2a7',
        noise: { type: 'gaussian', mean: 110, sigma: 40 },
      },
    });
  return {
    jpeg: { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await base().jpeg({ quality: 90 }).toBuffer() },
    png: {
      name: 'side.png',
      mimeType: 'image/png',
      buffer: await base()
        .resize(Math.round(width * 0.5625))
        .png()
        .toBuffer(),
    },
    gif: {
      name: 'back.gif',
      mimeType: 'image/gif',
      buffer: await base()
        .resize(Math.round(width / 4))
        .gif()
        .toBuffer(),
    },
  };
}

// Made once per worker process: every journey of the worker uploads the same bytes (photos are stored by
// their content's hash, so two listings may share a file, as two sellers' identical photos would).
let phone: Promise<Photos> | undefined;
let small: Promise<Photos> | undefined;

/**
 * A real photo of each allowed format, as a phone or a scanner would give (a 1600 × 1200 JPEG, a 900 px PNG,
 * a 400 px GIF): for the journeys whose subject is uploading them (the site re-encodes each to 800 px).
 */
export function photos(): Promise<Photos> {
  phone ??= make(1600);
  return phone;
}

/**
 * The same, 640 px wide (a 360 px PNG): for listings a journey only needs to exist, made through the api. The
 * api re-encodes each photo and writes its AVIF and WebP copies before it answers, which for the big ones took
 * seconds of the machine's two cores at every listing.
 */
export function smallPhotos(): Promise<Photos> {
  small ??= make(640);
  return small;
}

/** A 1 × 1 24-bit Windows bitmap: a real image in a format the spec does not allow. */
export const bmp: FilePayload = {
  name: 'scan.bmp',
  mimeType: 'image/bmp',
  buffer: Buffer.from('Qk06AAAAAAAAADYAAAAoAAAAAQAAAAEAAAABABgAAAAAAAQAAAAAAAAAAAAAAAAAAAAAAAAA////AA==', 'base64'),
};
