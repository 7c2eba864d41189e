// One Mailer: SMTP when SMTP_URL is set, otherwise rows in outbox_emails plus a log line; outside
// production each of those mails is also printed in full on stderr (as Django's console backend),
// so that a person trying the portal can read a code or a temporary password.
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../db/types.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

const SMTP_TIMEOUT_MS = 10_000;

export function createMailer(options: {
  db: Kysely<Database>;
  smtpUrl?: string;
  from: string;
  log: (message: string) => void;
  /** In production no mail body is ever printed. */
  production: boolean;
  /** Where a mail is printed outside production (stderr: stdout carries only log lines). */
  print?: (text: string) => void;
  /** How long to wait for the SMTP server to connect and greet; three times that for a reply. */
  smtpTimeoutMs?: number;
}): Mailer {
  const print = options.print ?? ((text: string) => void process.stderr.write(text));
  if (options.smtpUrl) {
    // nodemailer waits up to 2 minutes to connect and 10 for a reply: a request that sends a code
    // would hang that long on a stuck server. Options in the URL's query still win.
    const wait = options.smtpTimeoutMs ?? SMTP_TIMEOUT_MS;
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: wait,
      greetingTimeout: wait,
      socketTimeout: 3 * wait,
    });
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
      },
    };
  }
  return {
    async send(mail) {
      await options.db
        .insertInto('outbox_emails')
        .values({ to_address: mail.to, subject: mail.subject, body_text: mail.text })
        .execute();
      // The body may hold a code or a temporary password: it stays in the table, not the log.
      options.log(`mail queued in outbox_emails for ${mail.to}: ${mail.subject}`);
      if (!options.production) print(printedMail(mail));
    },
  };
}

const RULE = '-'.repeat(72);

/** A mail as printed at the terminal: who, subject, then the body between two rules. */
function printedMail(mail: Mail): string {
  return [
    RULE,
    'Correo no enviado (sin SMTP_URL); guardado en outbox_emails:',
    `Para: ${mail.to}`,
    `Asunto: ${mail.subject}`,
    '',
    mail.text,
    RULE,
    '',
  ].join('\n');
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes outbox rows (sent or not) created more than `retentionDays` ago: they hold temporary
 * passwords and codes in plain text. 0 keeps every row. Returns how many went.
 */
export async function purgeOutbox(db: Kysely<Database>, retentionDays: number, now = new Date()) {
  if (retentionDays <= 0) return 0;
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  const result = await db.deleteFrom('outbox_emails').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
