import http from 'node:http';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** the envelope, when the body was JSON */
  body?: { Success: boolean; Description: string; Content: unknown; error?: string };
}

/**
 * One HTTP request written by hand, for bodies no client library would send: cut off, malformed, or
 * paced. `parts` are written in order; a number is a pause in milliseconds, a function runs at that point
 * (to look at the server's side while the body is still arriving). The promise settles with the answer,
 * or rejects with the socket's error when no answer came.
 */
export function rawRequest(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string | number>,
  parts: Array<Buffer | string | number | (() => unknown)> = [],
): Promise<RawAnswer> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: RawAnswer['body'];
          try {
            body = JSON.parse(text) as RawAnswer['body'];
          } catch {
            body = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
        });
      },
    );
    req.on('error', reject);
    (async () => {
      for (const part of parts) {
        if (typeof part === 'number') await new Promise((r) => setTimeout(r, part));
        else if (typeof part === 'function') await part();
        // a server that answered early may have closed its side; the answer still arrives
        else if (!req.destroyed) await new Promise<void>((r) => req.write(part, () => r()));
      }
      req.end();
    })().catch((err: unknown) => {
      // a part that throws is a client that went away mid-request
      req.destroy();
      reject(err);
    });
  });
}

export const BOUNDARY = 'XyZswapstuffBoundary';

/** One multipart part: a field (`value` a string) or a file (`value` a Buffer, with a file name). */
export function part(
  name: string,
  value: string | Buffer,
  filename?: string,
  type = 'application/octet-stream',
): Buffer {
  const disposition = `form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}`;
  const head = `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${
    filename === undefined ? '' : `Content-Type: ${type}\r\n`
  }\r\n`;
  return Buffer.concat([
    Buffer.from(head, 'latin1'),
    Buffer.isBuffer(value) ? value : Buffer.from(value),
    Buffer.from('\r\n'),
  ]);
}

export const closing = (): Buffer => Buffer.from(`--${BOUNDARY}--\r\n`, 'latin1');

export const multipartHeaders = (token: string, length?: number): Record<string, string | number> => ({
  Authorization: `Bearer ${token}`,
  'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
  ...(length === undefined ? {} : { 'Content-Length': length }),
});
