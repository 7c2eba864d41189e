// A logged value in the words of the change history (SPEC §2 'Historial de Cambios'), the same on
// the screen and in the history's CSV and XLSX. The trigger logs every column of `businesses` as
// text ('true'/'false', phones as 10 digits, timestamps as JSON writes them); the payment webhooks
// log the subscription's fields and billing items in the providers' English words.
import { formatCents } from './money.ts';
import { formatPhone, isCompletePhone } from './phone.ts';
import { deviceLabel, referralLabel } from './registration-labels.ts';
import {
  billingStatusLabel,
  providerLabel,
  subscriptionStatusLabel,
  tierLabel,
} from './subscription-labels.ts';

/** How a logged moment reads where it is shown: es-PR words on screen, the files' ISO 8601. */
export type LogDateText = (value: string) => string;

const TIMESTAMP_COLUMNS = new Set(['registration_date', 'business_created_at']);

/** A billing item as the server logs it ('in_1: 29.99 USD, refunded (5.00 USD refunded)', '…, dispute_lost'). */
const BILLING_ITEM = /^(.*, )(\w+)( \((.+) refunded\))?$/;

/** An amount as the server logs it ('29.99 USD'). */
const AMOUNT = /(\d+(?:\.\d+)?) ([A-Z]{3})\b/g;

/** Its amounts as money reads everywhere else ('$29.99'). */
const withMoney = (text: string) =>
  text.replace(AMOUNT, (_, amount: string, currency: string) =>
    formatCents(Math.round(Number(amount) * 100), currency),
  );

function billingItemText(value: string): string {
  const match = BILLING_ITEM.exec(value);
  if (!match) return withMoney(value);
  const [, head, status, , refunded] = match;
  return withMoney(`${head}${billingStatusLabel(status)}${refunded ? ` (${refunded} reembolsados)` : ''}`);
}

const COLUMN_WORDS = new Map<string, (value: string) => string>([
  ['business_phone', (value) => (isCompletePhone(value) ? formatPhone(value) : value)],
  ['subscription_status', subscriptionStatusLabel],
  ['subscription_tier', tierLabel],
  ['subscription_provider', providerLabel],
  ['billing_item', billingItemText],
  ['device_type', deviceLabel],
  ['referral_source', referralLabel],
]);

/**
 * `value` of `column` as the history shows it: booleans as Sí/No, phones as (787) 555-0102,
 * statuses and plans in Spanish, moments through `dateText`; '' for none, anything else as stored.
 */
export function logValueText(
  column: string | null | undefined,
  value: string | null | undefined,
  dateText: LogDateText,
): string {
  if (value === null || value === undefined || value === '') return '';
  if (value === 'true') return 'Sí';
  if (value === 'false') return 'No';
  if (!column) return value;
  if (TIMESTAMP_COLUMNS.has(column)) return dateText(value);
  return COLUMN_WORDS.get(column)?.(value) ?? value;
}
