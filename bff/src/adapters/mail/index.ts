import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * The sending job's idempotency key: the message's Message-ID, so that a job run again after a crash sends
   * what a receiving server and a mail client take for the same message; the offline outbox keeps it once.
   */
  id?: string;
}

/** The Message-ID of a message with an id: `<id@the sender's domain>`. */
export function messageIdOf(id: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'swapstuff.local';
  return `<${id}@${domain}>`;
}

/** The mail port: features send mail through it and never know which provider delivers it. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  /** smtp://user:pass@host:port (or smtps://): deliver through SMTP with nodemailer. */
  smtpUrl?: string;
  /** Without smtpUrl, messages are written to `${dataDir}/outbox/`. */
  dataDir: string;
  from?: string;
}

export const DEFAULT_FROM = 'Swapstuff <no-reply@swapstuff.local>';

/** Delivers over SMTP. */
export function smtpMailer(smtpUrl: string, from = DEFAULT_FROM): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send({ id, ...message }) {
      await transport.sendMail({ from, ...message, ...(id ? { messageId: messageIdOf(id, from) } : {}) });
    },
  };
}

/**
 * Offline default: each message becomes `<time>-<id>.eml` (the real RFC 822 message, openable in any mail
 * client) plus `<time>-<id>.json` (the same fields, for scripts and tests) in `${dataDir}/outbox/`.
 */
export function outboxMailer(dataDir: string, from = DEFAULT_FROM): Mailer {
  const dir = path.join(dataDir, 'outbox');
  const render = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ id, ...message }) {
      await fs.mkdir(dir, { recursive: true });
      const tail = id ? `-${id.replace(/[^\w.-]/g, '_')}` : '';
      if (tail && (await fs.readdir(dir)).some((file) => file.endsWith(`${tail}.json`))) return;
      const info = await render.sendMail({ from, ...message, ...(id ? { messageId: messageIdOf(id, from) } : {}) });
      const base = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}${tail}`;
      await fs.writeFile(path.join(dir, `${base}.eml`), info.message as Buffer);
      // the .json is written last: a reader that sees it can also read the .eml
      const json = { from, ...message, ...(id ? { id } : {}), date: new Date().toISOString(), eml: `${base}.eml` };
      await fs.writeFile(path.join(dir, `${base}.json`), JSON.stringify(json, null, 2));
    },
  };
}

export function createMailer(opts: MailerOptions): Mailer {
  const from = opts.from ?? DEFAULT_FROM;
  return opts.smtpUrl ? smtpMailer(opts.smtpUrl, from) : outboxMailer(opts.dataDir, from);
}
