// The mail the e2e servers sent: scripts/e2e.mjs points every server's SMTP_URL at one sink and
// gives its inbox address in E2E_MAIL_INBOX_URL (scripts/lib/smtp-sink.mjs).
import { expect } from '@playwright/test';

interface SentMail {
  to: string[];
  raw: string;
}

const INBOX_URL = process.env.E2E_MAIL_INBOX_URL ?? '';

/** The body of a quoted-printable mail, decoded (nodemailer encodes the accents that way). */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Every mail sent to `address` so far, decoded, oldest first. */
export async function mailsSentTo(address: string): Promise<string[]> {
  if (!INBOX_URL) throw new Error('E2E_MAIL_INBOX_URL is not set: run the specs with `npm run test:e2e`');
  const messages = (await (await fetch(`${INBOX_URL}/messages`)).json()) as SentMail[];
  return messages.filter((mail) => mail.to.includes(address)).map((mail) => decodeQuotedPrintable(mail.raw));
}

/** The 6-digit code of the latest mail sent to `address` (waits for it to arrive). */
export async function codeSentTo(address: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      code = (await mailsSentTo(address)).at(-1)?.match(/es: (\d{6})/)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}
