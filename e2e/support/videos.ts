import type { FilePayload } from './photos';

/**
 * The smallest MP4 the api takes (it checks a video by its container: an ftyp, then a moov with its mvhd,
 * boxes chained to the end): what a phone's clip is, minus the frames. No encoder is on the machine.
 */
export function mp4(name = 'clip.mp4'): FilePayload {
  const box = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + body.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, body]);
  };
  const brand = Buffer.from('isom\0\0\x02\0isomiso2', 'latin1');
  const buffer = Buffer.concat([
    box('ftyp', brand),
    box('moov', box('mvhd', Buffer.alloc(100))),
    box('mdat', Buffer.alloc(64, 7)),
  ]);
  return { name, mimeType: 'video/mp4', buffer };
}
