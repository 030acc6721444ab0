import { sniffVideo } from './media';

const ftyp = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from(`ftyp${brand}`, 'latin1')]);

describe('sniffVideo: the allowed containers by their first bytes', () => {
  it.each([
    ['MP4', ftyp('isom'), 'video/mp4'],
    ['MP4 (mp42)', ftyp('mp42'), 'video/mp4'],
    ['3GP', ftyp('3gp5'), 'video/3gpp'],
    ['WebM', Buffer.from('1a45dfa3a3428286810142f7810142f2810442f381084282847765626d', 'hex'), 'video/webm'],
    ['OGG', Buffer.from('OggS\0\x02', 'latin1'), 'video/ogg'],
  ])('knows %s', (_name, head, mime) => {
    expect(sniffVideo(head)?.mime).toBe(mime);
  });

  it.each([
    ['QuickTime', ftyp('qt  ')],
    ['HEIC photo', ftyp('heic')],
    ['Matroska (not WebM)', Buffer.from('1a45dfa3a34282886d6174726f736b61', 'hex')],
    ['text named .mp4', Buffer.from('hello world, not a video', 'latin1')],
    ['empty file', Buffer.alloc(0)],
  ])('refuses %s', (_name, head) => {
    expect(sniffVideo(head)).toBeNull();
  });
});
