import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise each mail goes to the log and to DATA_DIR/outbox as an .eml file. */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: Logger;
}): Mailer {
  const { smtpUrl, from, dataDir, log } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info(
        { to: message.to, subject: message.subject, file, text: message.text },
        'mail written to outbox',
      );
    },
    close: () => transport.close(),
  };
}
