import { deflateSync, crc32 } from 'node:zlib';
import sharp from 'sharp';

/** Real image files for upload tests, made by sharp (and two hand-made ones that sharp cannot make). */

/** A photo-like JPEG (noise compresses badly, like a real photo) carrying EXIF with a GPS position. */
export async function jpegWithGps(width = 3000, height = 2000): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: '#6a8', noise: { type: 'gaussian', mean: 120, sigma: 60 } },
  })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Swapstuff 1' },
      // IFD3 is the GPS directory
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 44/1 54/1', GPSLongitudeRef: 'W', GPSLongitude: '73/1 59/1 9/1' },
    })
    .jpeg({ quality: 95 })
    .toBuffer();
}

export async function png(width = 1200, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 110, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

export async function gif(width = 400, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#d33' } })
    .gif()
    .toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid PNG of a few hundred bytes that declares 40,000 × 40,000 pixels
 * (1.6 gigapixels). Its IDAT holds only the first rows; a decoder that trusted the header would
 * allocate gigabytes before finding out.
 */
export function pngBomb(side = 40_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((side + 1) * 4); // four rows of zeros, each with its filter byte
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 2 × 2 24-bit BMP: a real image in a format the spec does not allow. */
export function bmp(): Buffer {
  const pixels = Buffer.alloc(16, 0x80); // two rows of 2 pixels × 3 bytes, padded to 8
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + pixels.length, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(2, 18);
  header.writeInt32LE(2, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(pixels.length, 34);
  return Buffer.concat([header, pixels]);
}

/** The first boxes of an MP4 (ftyp isom + an empty mdat): what content sniffing reads. */
export function mp4(): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'latin1');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isomiso2', 16, 'latin1');
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(8, 0);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat]);
}
