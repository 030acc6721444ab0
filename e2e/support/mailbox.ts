/**
 * A real SMTP server for the journeys: each message it receives is written to `<dir>/<recipient>.eml`,
 * so a test in any worker process can read the mail a user would get.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export async function startMailbox(port: number, dir: string): Promise<{ close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        for (const rcpt of session.envelope.rcptTo) {
          fs.writeFileSync(path.join(dir, `${rcpt.address.toLowerCase()}.eml`), Buffer.concat(chunks));
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Waits for the newest mail to `address` and returns its text. */
export async function readMail(dir: string, address: string, timeoutMs = 15_000): Promise<string> {
  const file = path.join(dir, `${address.toLowerCase()}.eml`);
  const deadline = Date.now() + timeoutMs;
  while (!fs.existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`no mail for ${address}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const parsed = await simpleParser(fs.readFileSync(file));
  return parsed.text ?? '';
}
