import net from 'node:net';
import { listenGracefully } from './server';

/** Sends an upgrade request and reads until the server ends the connection: what it answered, and when. */
function upgrade(port: number): { ended: Promise<string>; upgraded: Promise<void> } {
  let text = '';
  let onUpgraded: () => void = () => undefined;
  const upgraded = new Promise<void>((resolve) => (onUpgraded = resolve));
  const ended = new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(
        'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\n' +
          'Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
      ),
    );
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (text.includes('\r\n\r\n')) onUpgraded();
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
  return { ended, upgraded };
}

describe('the graceful server and websockets', () => {
  it('cuts upgraded connections when it closes, instead of waiting for them until its deadline', async () => {
    const graceful = await listenGracefully((_req, res) => res.end('ok'), 0, '127.0.0.1');
    // a websocket server of its own (socket.io's role): it answers the upgrade and keeps the socket open
    graceful.server.on('upgrade', (_req, socket) =>
      socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n'),
    );
    const open = upgrade(graceful.port);
    await open.upgraded;
    const started = Date.now();
    graceful.drain();
    await graceful.close(Date.now() + 30_000);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await open.ended).toMatch(/^HTTP\/1\.1 101/);
  });

  it('refuses an upgrade when nothing serves websockets, as Node does without a listener', async () => {
    const graceful = await listenGracefully((_req, res) => res.end('ok'), 0, '127.0.0.1');
    expect(await upgrade(graceful.port).ended).toBe('');
    await graceful.close(Date.now() + 1000);
  });
});
