import sharp from 'sharp';

export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A real photo of each allowed format, made by sharp: what a phone or a scanner would give. */
export async function photos(): Promise<{ jpeg: FilePayload; png: FilePayload; gif: FilePayload }> {
  const base = () =>
    sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: '#2a7',
        noise: { type: 'gaussian', mean: 110, sigma: 40 },
      },
    });
  return {
    jpeg: { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await base().jpeg({ quality: 90 }).toBuffer() },
    png: { name: 'side.png', mimeType: 'image/png', buffer: await base().resize(900).png().toBuffer() },
    gif: { name: 'back.gif', mimeType: 'image/gif', buffer: await base().resize(400).gif().toBuffer() },
  };
}

/** A 1 × 1 24-bit Windows bitmap: a real image in a format the spec does not allow. */
export const bmp: FilePayload = {
  name: 'scan.bmp',
  mimeType: 'image/bmp',
  buffer: Buffer.from('Qk06AAAAAAAAADYAAAAoAAAAAQAAAAEAAAABABgAAAAAAAQAAAAAAAAAAAAAAAAAAAAAAAAA////AA==', 'base64'),
};
