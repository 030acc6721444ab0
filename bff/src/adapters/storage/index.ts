import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';

/**
 * The storage port for photos and videos. Keys are content-addressed (`products/<sha256>.jpg`), so a key
 * never changes meaning and every stored file can be cached forever.
 */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  remove(key: string): Promise<void>;
  /** where a browser fetches the file */
  url(key: string): string;
}

/** Offline default: files under `${dataDir}/media/`, which the api serves at /media/. */
export function diskStorage(dataDir: string): Storage {
  const root = path.join(dataDir, 'media');
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw new Error(`storage key outside the media folder: ${key}`);
    return file;
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // write then rename: a reader never sees half a file. The partial file is this write's own: keys are
      // content hashes, so two uploads of one photo at once write the same key
      const partial = `${file}.${randomUUID()}.partial`;
      await fs.writeFile(partial, body);
      await fs.rename(partial, file);
    },
    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    url: (key) => `/media/${key}`,
  };
}

export interface S3Options {
  /** https://s3.<region>.amazonaws.com, or any S3-compatible endpoint (MinIO, R2, …) */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** the public base the files are read from (a CDN or the bucket's website); default endpoint/bucket */
  publicUrl?: string;
}

/** S3-compatible object storage, path-style requests signed with AWS Signature V4. */
export function s3Storage(options: S3Options): Storage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: 's3',
    region: options.region,
  });
  const base = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}`;
  const objectUrl = (key: string) => `${base}/${key.split('/').map(encodeURIComponent).join('/')}`;
  const publicBase = (options.publicUrl ?? base).replace(/\/+$/, '');
  const check = async (response: Response, what: string) => {
    if (!response.ok) throw new Error(`S3 ${what} failed: ${response.status} ${await response.text()}`);
  };
  return {
    async put(key, body, contentType) {
      const response = await client.fetch(objectUrl(key), {
        method: 'PUT',
        body,
        headers: {
          'Content-Type': contentType,
          'Cache-Control': 'public, max-age=31536000, immutable',
        },
      });
      await check(response, `PUT ${key}`);
    },
    async remove(key) {
      const response = await client.fetch(objectUrl(key), { method: 'DELETE' });
      // deleting what is already gone is done
      if (response.status !== 404) await check(response, `DELETE ${key}`);
    },
    url: (key) => `${publicBase}/${key}`,
  };
}

export function createStorage(opts: { dataDir: string; s3?: S3Options }): Storage {
  return opts.s3 ? s3Storage(opts.s3) : diskStorage(opts.dataDir);
}
