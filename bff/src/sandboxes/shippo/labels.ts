/**
 * What the sandbox draws: shipping labels (4 × 6 in at 203 dpi, as thermal printers print them: the from
 * and to addresses, the service, the weight, and a Code 128 barcode of the tracking number rendered with
 * bwip-js) and the couriers' logos, all PNGs made with sharp from SVG. A label is drawn from the state
 * when first asked for, so it is the same after a restart.
 */
import bwipjs from 'bwip-js';
import sharp from 'sharp';
import type { Courier } from './couriers';
import type { Address } from './types';

export const LABEL_WIDTH = 812;
export const LABEL_HEIGHT = 1218;

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The barcode alone: Code 128 at 3 px per module, 0.75 in tall, the number written under it. */
export function renderBarcode(trackingNumber: string): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: 'code128',
    text: trackingNumber,
    scale: 3,
    height: 19,
    includetext: true,
    textxalign: 'center',
  });
}

export interface LabelContent {
  from: Address;
  to: Address;
  provider: string;
  service: string;
  /** e.g. "3 lb" */
  weight: string;
  trackingNumber: string;
  date: string;
}

/** A line cut to what fits the label's width (the big type holds about 38 characters). */
const fit = (line: string, max = 38) => (line.length > max ? `${line.slice(0, max - 1)}…` : line);

const addressLines = (a: Address) =>
  [a.name, a.company, a.street1, a.street2, `${a.city}, ${a.state} ${a.zip}`, a.country]
    .filter(Boolean)
    .map((l) => fit(l));

export async function renderLabel(content: LabelContent): Promise<Buffer> {
  const lines = (x: number, y: number, size: number, texts: string[], weight = 'normal') =>
    texts
      .map(
        (t, i) =>
          `<text x="${x}" y="${y + i * size * 1.25}" font-size="${size}" font-weight="${weight}">${escape(t)}</text>`,
      )
      .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${LABEL_WIDTH}" height="${LABEL_HEIGHT}">
  <rect width="100%" height="100%" fill="#fff"/>
  <g font-family="DejaVu Sans, Arial, Helvetica, sans-serif" fill="#000">
    ${lines(30, 50, 22, ['FROM:', ...addressLines(content.from)])}
    <text x="${LABEL_WIDTH - 30}" y="50" font-size="22" text-anchor="end">${escape(content.date)}</text>
    <rect x="20" y="250" width="${LABEL_WIDTH - 40}" height="4"/>
    ${lines(30, 300, 34, ['SHIP TO:'], 'bold')}
    ${lines(60, 350, 34, addressLines(content.to), 'bold')}
    <rect x="20" y="600" width="${LABEL_WIDTH - 40}" height="4"/>
    ${lines(30, 660, 44, [fit(`${content.provider} ${content.service}`, 30)], 'bold')}
    ${lines(30, 710, 26, [`Weight: ${content.weight}`, 'SANDBOX LABEL — NOT FOR SHIPPING'])}
    <rect x="20" y="790" width="${LABEL_WIDTH - 40}" height="4"/>
    ${lines(30, 840, 24, ['TRACKING #'], 'bold')}
  </g>
</svg>`;
  const barcode = await renderBarcode(content.trackingNumber);
  const { width = 0 } = await sharp(barcode).metadata();
  return sharp(Buffer.from(svg))
    .composite([{ input: barcode, top: 880, left: Math.max(0, Math.round((LABEL_WIDTH - width) / 2)) }])
    .png()
    .toBuffer();
}

/** A courier's logo, `size` px wide (75 or 200, as Shippo's provider_image_75 / _200), 2:1. */
export function renderLogo(courier: Courier, size: number): Promise<Buffer> {
  const height = Math.round(size / 2);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${height}" viewBox="0 0 200 100">
  <rect width="200" height="100" rx="14" fill="${courier.colour}"/>
  <text x="100" y="64" font-size="42" font-weight="bold" text-anchor="middle" fill="${courier.ink}"
    font-family="DejaVu Sans, Arial, Helvetica, sans-serif">${escape(courier.provider)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
