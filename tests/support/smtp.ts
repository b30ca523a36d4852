import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server on 127.0.0.1 that keeps every message it receives, for tests. */
export async function startSmtp() {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          for (const rcpt of session.envelope.rcptTo) {
            mails.push({ to: rcpt.address.toLowerCase(), subject: parsed.subject ?? '', text: parsed.text ?? '', html: typeof parsed.html === 'string' ? parsed.html : '' });
          }
          waiters.splice(0).forEach((w) => w());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    /** The newest mail to `to` (optionally with a subject containing `subject`), waiting up to `timeoutMs`. */
    async waitFor(to: string, opts: { subject?: string; after?: number; timeoutMs?: number } = {}): Promise<ReceivedMail> {
      const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
      const find = () =>
        mails.slice(opts.after ?? 0).reverse().find((m) => m.to === to.toLowerCase() && (!opts.subject || m.subject.includes(opts.subject)));
      for (;;) {
        const found = find();
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No mail to ${to} within the timeout`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export function linkToken(mail: ReceivedMail, page: 'verify-email' | 'reset-password'): string {
  const m = new RegExp(`/${page}\\?token=([A-Za-z0-9_%-]+)`).exec(mail.text);
  if (!m) throw new Error(`No ${page} link in the mail: ${mail.text}`);
  return decodeURIComponent(m[1]);
}
