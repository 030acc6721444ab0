import { deflateSync, crc32 } from 'node:zlib';
import sharp from 'sharp';

/**
 * Real image files for upload tests, made by sharp (and two hand-made ones that sharp cannot make). By default
 * small, 320 px wide: a listing's photo is stored with an AVIF and a WebP copy at each variant width up to its
 * own (bff/src/api/media/photos.ts), one of each at 320 px; a test whose subject is resizing, the 800 px and
 * 1 MB rule, EXIF or the variants names the size it needs.
 */

/** A photo-like JPEG (noise compresses badly, like a real photo) carrying EXIF with a GPS position. */
export async function jpegWithGps(width = 320, height = 240): Promise<Buffer> {
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

export async function png(width = 320, height = 240): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 110, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

export async function gif(width = 320, height = 240): Promise<Buffer> {
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

function box(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/** An ISO BMFF file: ftyp with `brand`, a moov holding a (zeroed) version-0 mvhd, and a little mdat. */
function isoBmff(brand: string): Buffer {
  const ftyp = Buffer.alloc(16);
  ftyp.write(brand, 0, 'latin1');
  ftyp.writeUInt32BE(0x200, 4);
  ftyp.write(`${brand}iso2`, 8, 'latin1');
  return Buffer.concat([
    box('ftyp', ftyp),
    box('moov', box('mvhd', Buffer.alloc(100))),
    box('mdat', Buffer.alloc(64, 7)),
  ]);
}

/** The smallest sound MP4: the boxes a player needs to find (ftyp, moov), in their structure. */
export function mp4(): Buffer {
  return isoBmff('isom');
}

/** The same structure as `mp4()` with a 3GPP brand (`3gp5`): served as video/3gpp. */
export function threeGp(): Buffer {
  return isoBmff('3gp5');
}

/** A WebM: its EBML header (DocType webm) and a Segment holding one Void element. */
export function webm(docType = 'webm'): Buffer {
  const docTypeElement = Buffer.concat([
    Buffer.from([0x42, 0x82, 0x80 | docType.length]),
    Buffer.from(docType, 'latin1'),
  ]);
  const version = Buffer.from([0x42, 0x86, 0x81, 0x01]);
  const header = Buffer.concat([version, docTypeElement]);
  const segmentBody = Buffer.from([0xec, 0x84, 0, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | header.length]),
    header,
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x80 | segmentBody.length]),
    segmentBody,
  ]);
}

/** One Ogg page (checksum left at zero: the structure is what we check). */
function oggPage(packet: Buffer, beginsStream: boolean): Buffer {
  const header = Buffer.alloc(27);
  header.write('OggS', 0, 'latin1');
  header[5] = beginsStream ? 0x02 : 0x00;
  header.writeUInt32LE(0x5ca1ab1e, 14);
  header[26] = 1;
  return Buffer.concat([header, Buffer.from([packet.length]), packet]);
}

/** An Ogg file whose first stream is Theora video (or `codec`, e.g. '\x01vorbis' for sound alone). */
export function ogv(codec = '\x80theora'): Buffer {
  const identification = Buffer.concat([Buffer.from(codec, 'latin1'), Buffer.alloc(35)]);
  return Buffer.concat([oggPage(identification, true), oggPage(Buffer.alloc(20, 1), false)]);
}
