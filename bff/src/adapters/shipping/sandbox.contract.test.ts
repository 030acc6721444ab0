/**
 * The shipping port's contract (contract.ts) against our Shippo sandbox, in this process: the adapter over
 * real HTTP, the sandbox's webhooks caught by a local endpoint as the api would receive them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SIGNATURE_HEADER, startShippoSandbox } from '../../sandboxes/shippo';
import { shippingContract, type SignedWebhook } from './contract';
import { createShipping } from '.';

const TOKEN = 'shippo_test_sandbox';
const SECRET = 'whsec_shippo_contract';

shippingContract('our Shippo sandbox', async () => {
  const deliveries: SignedWebhook[] = [];
  const endpoint = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      deliveries.push({
        rawBody: Buffer.concat(chunks),
        signature: String(req.headers[SIGNATURE_HEADER.toLowerCase()]),
      });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  const carrier = await startShippoSandbox({
    token: TOKEN,
    webhookUrl: `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/api/shipping/webhook`,
    webhookSecret: SECRET,
    webhookRetryDelaysMs: [20, 50],
    tickIntervalMs: 0,
  });
  const shipping = createShipping({
    sandbox: { url: carrier.url, publicUrl: carrier.url, token: TOKEN, webhookSecret: SECRET },
  });

  /** The first delivery about `trackingNumber` at `status`, within 3 s. */
  async function delivery(trackingNumber: string, status: string): Promise<SignedWebhook> {
    const deadline = Date.now() + 3000;
    for (;;) {
      const found = deliveries.find((d) => {
        const { data } = JSON.parse(d.rawBody.toString('utf8')) as {
          data: { tracking_number: string; tracking_status: { status: string } };
        };
        return data.tracking_number === trackingNumber && data.tracking_status.status === status;
      });
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no ${status} webhook about ${trackingNumber} within 3 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  return {
    shipping,
    webhookSecret: SECRET,
    async trackingWebhook(label) {
      // the sandbox's control: the parcel moves on now, and the step is a webhook (once: later calls reuse it)
      const track = carrier.sandbox.store.state.tracks[label.trackingNumber];
      if (track.tracking_status.status === 'PRE_TRANSIT') {
        const moved = await fetch(`${carrier.url}/sandbox/tracks/${label.trackingNumber}/advance`, {
          method: 'POST',
          headers: { Authorization: `ShippoToken ${TOKEN}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ to: 'TRANSIT' }),
        });
        expect(moved.status).toBe(200);
      }
      return delivery(label.trackingNumber, 'TRANSIT');
    },
    async close() {
      await carrier.close();
      endpoint.closeAllConnections();
      await new Promise((resolve) => endpoint.close(resolve));
    },
  };
});
