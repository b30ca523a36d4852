import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../storage/permissions';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface Mail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The one link the mail is about, logged when mail goes to the outbox folder. */
  link: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** SMTP when configured; otherwise each message is written to DATA_DIR/outbox and its link logged. */
export function createMailer(config: Config, log: (msg: string) => void = console.log): Mailer {
  if (config.smtp) {
    const smtp = config.smtp;
    const transport = nodemailer.createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
      // Local relays in tests and small deployments often have no certificate.
      tls: { rejectUnauthorized: false },
    });
    return {
      async send(mail) {
        await transport.sendMail({ from: config.emailsFrom, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text });
      },
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  mkdirSync(outbox, { recursive: true, mode: PRIVATE_DIR_MODE });
  // An outbox made by an older version may be open to others.
  chmodSync(outbox, PRIVATE_DIR_MODE);
  return {
    async send(mail) {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const base = path.join(outbox, `${stamp}-${mail.to.replace(/[^a-z0-9@.]/gi, '_')}`);
      writeFileSync(`${base}.html`, mail.html, { mode: PRIVATE_FILE_MODE });
      writeFileSync(`${base}.txt`, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}`, { mode: PRIVATE_FILE_MODE });
      log(`mail to ${mail.to} (${mail.subject}) written to ${base}.txt; link: ${mail.link}`);
    },
  };
}
