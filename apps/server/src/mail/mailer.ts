// One Mailer: SMTP when SMTP_URL is set, otherwise rows in outbox_emails plus a log line.
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

export function createMailer(options: {
  db: Kysely<Database>;
  smtpUrl?: string;
  from: string;
  log: (message: string) => void;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
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
    },
  };
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
