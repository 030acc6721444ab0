import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { createMailer, DEFAULT_FROM } from './index';

describe('outbox mailer (the default with no SMTP_URL)', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'swapstuff-mail-'));
  });
  afterEach(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('writes a real .eml and a .json per message into DATA_DIR/outbox', async () => {
    const mailer = createMailer({ dataDir });
    await mailer.send({
      to: 'zoe@example.com',
      subject: 'Réinitialiser 🔑',
      text: 'Open https://example.test/reset-password?token=abc',
      html: '<p><a href="https://example.test/reset-password?token=abc">Reset</a></p>',
    });
    const files = (await fs.readdir(path.join(dataDir, 'outbox'))).sort();
    expect(files).toHaveLength(2);
    const json = JSON.parse(await fs.readFile(path.join(dataDir, 'outbox', files[1]), 'utf8'));
    expect(json).toMatchObject({
      from: DEFAULT_FROM,
      to: 'zoe@example.com',
      subject: 'Réinitialiser 🔑',
      eml: files[0],
    });
    const parsed = await simpleParser(await fs.readFile(path.join(dataDir, 'outbox', files[0])));
    expect(parsed.subject).toBe('Réinitialiser 🔑');
    expect(parsed.text?.trim()).toBe('Open https://example.test/reset-password?token=abc');
    expect(parsed.html).toContain('href="https://example.test/reset-password?token=abc"');
    expect(parsed.from?.value[0]).toMatchObject({ name: 'Swapstuff', address: 'no-reply@swapstuff.local' });
  });

  it('keeps a message sent again with the same id once, with the id in its Message-ID (a job run again)', async () => {
    const mailer = createMailer({ dataDir });
    const message = { to: 'zoe@example.com', subject: 'Sold', text: 'Your item sold', html: '<p>Your item sold</p>' };
    await mailer.send({ ...message, id: 'swapstuff-job-41' });
    await mailer.send({ ...message, id: 'swapstuff-job-41' });
    await mailer.send({ ...message, id: 'swapstuff-job-42' });
    const files = (await fs.readdir(path.join(dataDir, 'outbox'))).filter((f) => f.endsWith('.eml')).sort();
    expect(files).toHaveLength(2);
    const ids = await Promise.all(
      files.map(async (f) => (await simpleParser(await fs.readFile(path.join(dataDir, 'outbox', f)))).messageId),
    );
    expect(ids.sort()).toEqual(['<swapstuff-job-41@swapstuff.local>', '<swapstuff-job-42@swapstuff.local>']);
  });
});
