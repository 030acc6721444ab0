import { promises as fs } from 'node:fs';

export interface VideoKind {
  mime: string;
  ext: string;
}

const MP4: VideoKind = { mime: 'video/mp4', ext: 'mp4' };
const THREE_GP: VideoKind = { mime: 'video/3gpp', ext: '3gp' };
const WEBM: VideoKind = { mime: 'video/webm', ext: 'webm' };
const OGG: VideoKind = { mime: 'video/ogg', ext: 'ogv' };

/** ISO BMFF brands of the MP4 videos we play; QuickTime (`qt  `) and still images (heic, avif …) are not. */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash', 'mmp4']);
/**
 * Major brands that say what the file is and that we do not play: QuickTime, and HEIF/AVIF still images
 * (and their image sequences). A file that says so first is refused even if it also lists `isom`.
 */
const REFUSED_MAJOR_BRANDS = new Set([
  'qt  ',
  'heic',
  'heix',
  'heim',
  'heis',
  'hevc',
  'hevx',
  'mif1',
  'msf1',
  'avif',
  'avis',
]);

/** Enough for any real file; a crafted one cannot make us walk forever. */
const MAX_BOXES = 10_000;
const MAX_OGG_PAGES = 64;

/** Positional reads of an open file: nothing is read whole (a video may be 100 MB). */
class Reader {
  private constructor(
    private readonly handle: fs.FileHandle,
    readonly size: number,
  ) {}

  static async open(path: string): Promise<Reader> {
    const handle = await fs.open(path, 'r');
    return new Reader(handle, (await handle.stat()).size);
  }

  /** Exactly `length` bytes at `offset`, or null when the file ends before. */
  async at(offset: number, length: number): Promise<Buffer | null> {
    if (offset < 0 || offset + length > this.size) return null;
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await this.handle.read(buffer, 0, length, offset);
    return bytesRead === length ? buffer : null;
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

const printable = (type: Buffer) => [...type].every((byte) => byte >= 0x20 && byte <= 0x7e);

/**
 * ISO BMFF (MP4, 3GP): top-level boxes from the first byte to the last, each with a sound size (32-bit, or
 * 1 and a 64-bit size, or 0 for "to the end" on the last box) and a printable type. The first is `ftyp`,
 * whose major brand is one we play, or else one of its compatible brands is (an encoder may put its own
 * brand first); a `moov` (the movie header) must be there, or nothing can play it.
 */
async function isoBmff(file: Reader): Promise<VideoKind | null> {
  let offset = 0;
  let kind: VideoKind | null = null;
  let hasMovie = false;
  for (let boxes = 0; offset < file.size; boxes += 1) {
    if (boxes >= MAX_BOXES) return null;
    const header = await file.at(offset, 8);
    if (!header) return null;
    const type = header.subarray(4, 8);
    if (!printable(type)) return null;
    let size = header.readUInt32BE(0);
    let headerSize = 8;
    if (size === 1) {
      const large = await file.at(offset + 8, 8);
      if (!large) return null;
      size = Number(large.readBigUInt64BE(0));
      headerSize = 16;
    } else if (size === 0) {
      size = file.size - offset;
    }
    if (size < headerSize || offset + size > file.size) return null;
    const name = type.toString('latin1');
    if (boxes === 0) {
      // at least a major brand and a minor version (8 bytes) after the box header
      if (name !== 'ftyp' || size < headerSize + 8) return null;
      kind = await brandOf(file, offset + headerSize, size - headerSize);
      if (!kind) return null;
    }
    if (name === 'moov') hasMovie = true;
    offset += size;
  }
  return hasMovie ? kind : null;
}

/**
 * The kind named by an `ftyp` body: its major brand when we play it, else the first compatible brand we
 * play (encoders such as cameras put their own brand first and list `isom`/`mp42` among the compatible
 * ones), unless the major brand names something we refuse (QuickTime, still images).
 */
async function brandOf(file: Reader, offset: number, length: number): Promise<VideoKind | null> {
  const body = await file.at(offset, Math.min(length, 256));
  if (!body) return null;
  // major brand, minor version, then compatible brands, 4 bytes each
  const major = body.toString('latin1', 0, 4);
  if (REFUSED_MAJOR_BRANDS.has(major)) return null;
  const brands = [major];
  for (let i = 8; i + 4 <= body.length; i += 4) brands.push(body.toString('latin1', i, i + 4));
  for (const brand of brands) {
    if (brand.startsWith('3g')) return THREE_GP;
    if (MP4_BRANDS.has(brand)) return MP4;
  }
  return null;
}

/** An EBML variable-length integer at `offset`: its value and its width in bytes, or null. */
function vint(buffer: Buffer, offset: number, keepMarker: boolean): { value: number; width: number } | null {
  const first = buffer[offset];
  if (first === undefined || first === 0) return null;
  const width = Math.clz32(first) - 23;
  if (offset + width > buffer.length) return null;
  let value = keepMarker ? first : first & (0xff >> width);
  let allOnes = value === 0xff >> width;
  for (let i = 1; i < width; i += 1) {
    value = value * 256 + buffer[offset + i];
    if (buffer[offset + i] !== 0xff) allOnes = false;
  }
  // "unknown size" (all value bits set), which live streams use for the Segment
  return { value: !keepMarker && allOnes ? -1 : value, width };
}

const EBML_HEADER = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;

/**
 * WebM: an EBML header whose DocType is `webm`, followed right after by a Segment that fits the file (or
 * whose size is unknown, as in live streams). Real EBML headers are a few dozen bytes, so reading the
 * first 4 KB is enough; a header claiming more is refused.
 */
async function webm(file: Reader): Promise<VideoKind | null> {
  const head = await file.at(0, Math.min(file.size, 4096));
  if (!head || head.length < 5 || head.readUInt32BE(0) !== EBML_HEADER) return null;
  const headerSize = vint(head, 4, false);
  if (!headerSize || headerSize.value < 0) return null;
  const bodyStart = 4 + headerSize.width;
  const bodyEnd = bodyStart + headerSize.value;
  if (bodyEnd > head.length) return null;
  let docType: string | undefined;
  for (let at = bodyStart; at < bodyEnd;) {
    const id = vint(head, at, true);
    if (!id) return null;
    const size = vint(head, at + id.width, false);
    if (!size || size.value < 0) return null;
    const start = at + id.width + size.width;
    if (start + size.value > bodyEnd) return null;
    if (id.value === DOC_TYPE) docType = head.toString('latin1', start, start + size.value).replace(/\0+$/, '');
    at = start + size.value;
  }
  if (docType !== 'webm') return null;
  const segment = vint(head, bodyEnd, true);
  if (!segment || segment.value !== SEGMENT) return null;
  const segmentSize = vint(head, bodyEnd + segment.width, false);
  if (!segmentSize) return null;
  const segmentEnd = bodyEnd + segment.width + segmentSize.width + segmentSize.value;
  return segmentSize.value === -1 || segmentEnd <= file.size ? WEBM : null;
}

/**
 * Ogg: a chain of pages, each "OggS", version 0, its length (27-byte header, segment table, the segments)
 * leading exactly to the next page or the end. The first page begins a stream whose first packet is a
 * Theora header: an Ogg file of Vorbis sound alone is not a video.
 */
async function ogg(file: Reader): Promise<VideoKind | null> {
  let offset = 0;
  for (let page = 0; offset < file.size && page < MAX_OGG_PAGES; page += 1) {
    const header = await file.at(offset, 27);
    if (!header || header.toString('latin1', 0, 4) !== 'OggS' || header[4] !== 0) return null;
    const segments = header[26];
    const table = await file.at(offset + 27, segments);
    if (!table) return null;
    const bodySize = table.reduce((sum, lacing) => sum + lacing, 0);
    const bodyStart = offset + 27 + segments;
    if (bodyStart + bodySize > file.size) return null;
    if (page === 0) {
      const beginsStream = (header[5] & 0x02) !== 0;
      // the first packet's length: its lacing values up to and including the first one below 255
      const last = table.findIndex((lacing) => lacing < 255);
      const firstPacket = table.subarray(0, last + 1).reduce((sum, lacing) => sum + lacing, 0);
      if (!beginsStream || last < 0 || firstPacket < 7) return null;
      const packet = await file.at(bodyStart, 7);
      if (!packet || packet.toString('latin1') !== '\x80theora') return null;
    }
    offset = bodyStart + bodySize;
  }
  return offset > 0 ? OGG : null;
}

/**
 * The kind of a video file when its container is sound, else null. Read from the file's structure, never
 * from its name or its first bytes alone: a valid MP4 header followed by a web page is not a video.
 */
export async function checkVideoFile(path: string): Promise<VideoKind | null> {
  const file = await Reader.open(path);
  try {
    const magic = await file.at(0, 8);
    if (!magic) return null;
    if (magic.toString('latin1', 4, 8) === 'ftyp') return await isoBmff(file);
    if (magic.readUInt32BE(0) === EBML_HEADER) return await webm(file);
    if (magic.toString('latin1', 0, 4) === 'OggS') return await ogg(file);
    return null;
  } finally {
    await file.close();
  }
}
