import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bmp, mp4, ogv, threeGp, webm } from '../../../test/media';
import { checkVideoFile } from './video-container';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'swapstuff-video-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

let n = 0;
async function check(body: Buffer) {
  const file = path.join(dir, `v${(n += 1)}`);
  await fs.writeFile(file, body);
  return checkVideoFile(file);
}

function box(type: string, body: Buffer, size = 8 + body.length): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(size, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

const ftyp = (brand: string) =>
  box('ftyp', Buffer.concat([Buffer.from(brand, 'latin1'), Buffer.alloc(4), Buffer.from(brand, 'latin1')]));
const moov = () => box('moov', box('mvhd', Buffer.alloc(100)));

describe('checkVideoFile: the container, not the first bytes', () => {
  it.each([
    ['MP4', mp4(), 'video/mp4', 'mp4'],
    ['3GP', threeGp(), 'video/3gpp', '3gp'],
    ['WebM', webm(), 'video/webm', 'webm'],
    ['Ogg Theora', ogv(), 'video/ogg', 'ogv'],
    [
      'MP4 whose last box runs to the end (size 0)',
      Buffer.concat([ftyp('mp42'), moov(), box('mdat', Buffer.alloc(40), 0)]),
      'video/mp4',
      'mp4',
    ],
    [
      'MP4 with a 64-bit box size',
      Buffer.concat([
        ftyp('isom'),
        moov(),
        Buffer.from('00000001', 'hex'),
        Buffer.from('mdat'),
        Buffer.from('0000000000000018', 'hex'),
        Buffer.alloc(8),
      ]),
      'video/mp4',
      'mp4',
    ],
    [
      'MP4 whose major brand is an encoder’s own, with isom among the compatible ones',
      Buffer.concat([box('ftyp', Buffer.from('XAVC\0\0\0\0isom', 'latin1')), moov()]),
      'video/mp4',
      'mp4',
    ],
  ])('accepts %s', async (_name, body, mime, ext) => {
    expect(await check(body)).toEqual({ mime, ext });
  });

  it.each([
    [
      'an MP4 header followed by a web page (finding 12)',
      Buffer.concat([
        Buffer.from('00000018', 'hex'),
        Buffer.from('ftypisom'),
        Buffer.from('<html><script>alert(1)</script></html>'),
      ]),
    ],
    ['an MP4 with no movie header (moov)', Buffer.concat([ftyp('isom'), box('mdat', Buffer.alloc(64))])],
    ['an MP4 whose box runs past the end', Buffer.concat([ftyp('isom'), moov(), box('mdat', Buffer.alloc(10), 4000)])],
    [
      'an MP4 with a box smaller than its header',
      Buffer.concat([ftyp('isom'), moov(), box('free', Buffer.alloc(0), 4)]),
    ],
    [
      'an MP4 whose box type is not text',
      Buffer.concat([ftyp('isom'), moov(), box('\u0000\u0001\u0002\u0003', Buffer.alloc(4))]),
    ],
    ['a QuickTime movie', Buffer.concat([ftyp('qt  '), moov()])],
    [
      'a QuickTime movie that lists isom among its compatible brands',
      Buffer.concat([box('ftyp', Buffer.from('qt  \0\0\0\0isom', 'latin1')), moov()]),
    ],
    ['an ftyp too short for its brand and version', Buffer.concat([box('ftyp', Buffer.from('isom')), moov()])],
    ['a HEIC still image', Buffer.concat([ftyp('heic'), moov()])],
    ['a WebM cut inside its header', webm().subarray(0, 9)],
    ['a Matroska file that is not WebM', webm('matroska')],
    ['an EBML header followed by no Segment', webm().subarray(0, 5 + 4 + 7)],
    ['Ogg Vorbis (sound alone)', ogv('\x01vorbis')],
    [
      'an Ogg file that does not begin a stream',
      Buffer.concat([ogv().subarray(0, 5), Buffer.from([0]), ogv().subarray(6)]),
    ],
    ['an Ogg page whose version is not 0', Buffer.concat([ogv().subarray(0, 4), Buffer.from([1]), ogv().subarray(5)])],
    [
      'an Ogg file broken after its first page',
      Buffer.concat([ogv().subarray(0, 70), Buffer.from('not a page at all, just text')]),
    ],
    ['an Ogg page claiming more than the file holds', ogv().subarray(0, 50)],
    ['an empty file', Buffer.alloc(0)],
    ['text named .mp4', Buffer.from('hello world, not a video', 'latin1')],
    ['a BMP image', bmp()],
    ['random bytes', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256))],
  ])('refuses %s', async (_name, body) => {
    expect(await check(body)).toBeNull();
  });
});
