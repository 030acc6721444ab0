import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { diskStorage, s3Storage } from './index';

describe('disk storage (the offline default)', () => {
  it('writes under media/, serves from /media/, removes, and refuses keys outside it', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'swapstuff-storage-'));
    try {
      const storage = diskStorage(dir);
      await storage.put('products/abc.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
      expect(await fs.readFile(path.join(dir, 'media', 'products', 'abc.jpg'), 'utf8')).toBe('jpeg bytes');
      expect(storage.url('products/abc.jpg')).toBe('/media/products/abc.jpg');
      await storage.remove('products/abc.jpg');
      await expect(fs.stat(path.join(dir, 'media', 'products', 'abc.jpg'))).rejects.toThrow();
      await expect(storage.put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/outside/);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('takes many writes of one key at once (keys are content hashes: one photo uploaded twice)', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'swapstuff-storage-'));
    try {
      const storage = diskStorage(dir);
      const body = Buffer.alloc(256 * 1024, 7);
      await Promise.all(Array.from({ length: 20 }, () => storage.put('images/same.png', body, 'image/png')));
      expect((await fs.readFile(path.join(dir, 'media', 'images', 'same.png'))).equals(body)).toBe(true);
      // no partial file left behind
      expect(await fs.readdir(path.join(dir, 'media', 'images'))).toEqual(['same.png']);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

/**
 * The S3 adapter against a local HTTP server that records what it receives: the requests are the real
 * signed S3 requests the adapter would send to any S3-compatible endpoint (no S3 is reachable here).
 */
describe('S3-compatible storage', () => {
  const received: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  let server: http.Server;
  let endpoint: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          method: req.method!,
          url: req.url!,
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
        });
        res.statusCode = req.url!.includes('missing') ? 404 : req.url!.includes('denied') ? 403 : 200;
        res.end(res.statusCode === 403 ? '<Error><Code>AccessDenied</Code></Error>' : '');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const storage = () =>
    s3Storage({
      endpoint,
      bucket: 'swapstuff-media',
      region: 'us-east-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
      publicUrl: 'https://cdn.example.com/',
    });

  it('PUTs the object path-style, signed with SigV4, cacheable forever', async () => {
    await storage().put('products/abc.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
    const put = received.at(-1)!;
    expect(put.method).toBe('PUT');
    expect(put.url).toBe('/swapstuff-media/products/abc.jpg');
    expect(put.body).toBe('jpeg bytes');
    expect(put.headers['content-type']).toBe('image/jpeg');
    expect(put.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(put.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/,
    );
    expect(put.headers['x-amz-content-sha256']).toMatch(/^[0-9a-f]{64}$|^UNSIGNED-PAYLOAD$/);
  });

  it('reads from the public URL, deletes, treats a missing object as deleted, and reports refusals', async () => {
    const s3 = storage();
    expect(s3.url('products/abc.jpg')).toBe('https://cdn.example.com/products/abc.jpg');
    await s3.remove('products/abc.jpg');
    expect(received.at(-1)).toMatchObject({ method: 'DELETE', url: '/swapstuff-media/products/abc.jpg' });
    await expect(s3.remove('products/missing.jpg')).resolves.toBeUndefined();
    await expect(s3.put('products/denied.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/403.*AccessDenied/);
  });
});
