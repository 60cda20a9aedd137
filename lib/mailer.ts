// Outgoing e-mail. With SMTP_URL set, messages go to that server through nodemailer; without it they
// are written as RFC 822 `.eml` files into `<STORAGE_DIR>/outbox/`, so the product sends "mail" on a
// machine with no mail server and a developer can open what would have been sent.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { createTransport, Transporter } from 'nodemailer';
import type { Config } from './config';
import type { Logger } from './logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where replies go, e.g. the visitor who wrote through the contact form. */
  replyTo?: string;
  /** Files attached as they are (a quote request's photos). */
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

export interface Mailer {
  /** Sends (or, without SMTP, files) one message; rejects when it could not. */
  send(message: MailMessage): Promise<void>;
}

/** Seconds are enough for a server on the network; a dead one must not hold a request for minutes. */
const SMTP_TIMEOUT_MS = 15_000;

export function outboxDir(config: Pick<Config, 'storageDir'>): string {
  return path.join(config.storageDir, 'outbox');
}

export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'storageDir'>,
  logger?: Logger,
): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom, logger) : outboxMailer(config, logger);
}

/** nodemailer is loaded on the first message: a web process that never mails never holds it. */
function lazyTransport(create: (make: typeof createTransport) => Transporter): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () => {
    transport ??= import('nodemailer').then((module) => create(module.default.createTransport));
    return transport;
  };
}

function smtpMailer(url: string, from: string, logger?: Logger): Mailer {
  const transport = lazyTransport((make) =>
    make(
      {
        url,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      },
      { from },
    ),
  );
  return {
    async send(message) {
      const info = await (await transport()).sendMail(message);
      logger?.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
    },
  };
}

function outboxMailer(config: Pick<Config, 'mailFrom' | 'storageDir'>, logger?: Logger): Mailer {
  const transport = lazyTransport((make) =>
    make({ streamTransport: true, buffer: true, newline: 'windows' }),
  );
  return {
    async send(message) {
      const info = await (await transport()).sendMail({ from: config.mailFrom, ...message });
      const dir = outboxDir(config);
      await mkdir(dir, { recursive: true });
      const name = `${Date.now()}-${randomBytes(6).toString('hex')}.eml`;
      const file = path.join(dir, name);
      // Written under a temporary name and renamed: a reader of the outbox never sees half a message.
      const partial = path.join(dir, `.${name}.tmp`);
      await writeFile(partial, info.message as Buffer);
      await rename(partial, file);
      logger?.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
    },
  };
}
