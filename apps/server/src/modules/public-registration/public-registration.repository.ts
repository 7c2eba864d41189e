// SQL of the public registration family.

import { nationalDigits } from '@portal/contract/phone';
import type { Kysely, Transaction } from 'kysely';
import type { Database, NewBusiness } from '../../db/types.ts';

/** Which of email (case-insensitive) or phone is already taken, email first. */
export async function takenField(db: Kysely<Database>, email: string, phone: string) {
  const rows = await db
    .selectFrom('businesses')
    .select(['business_email', 'business_phone'])
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['business_email']), '=', email.toLowerCase()),
        eb('business_phone', '=', phone),
      ]),
    )
    .execute();
  if (rows.some((row) => row.business_email.toLowerCase() === email.toLowerCase())) return 'email' as const;
  if (rows.length > 0) return 'phone' as const;
  return null;
}

export function insertBusiness(trx: Transaction<Database>, business: NewBusiness) {
  return trx
    .insertInto('businesses')
    .values(business)
    .returning([
      'id',
      'business_registry_number',
      'business_name',
      'business_email',
      'verified_email',
      'verified_phone',
      'admin_verified',
      'must_change_password',
    ])
    .executeTakeFirstOrThrow();
}

export async function exists(
  db: Kysely<Database>,
  field: 'email' | 'phone' | 'registry_number',
  value: string,
) {
  let query = db.selectFrom('businesses').select('id');
  if (field === 'email')
    query = query.where((eb) => eb(eb.fn('lower', ['business_email']), '=', value.toLowerCase()));
  else if (field === 'phone') query = query.where('business_phone', '=', nationalDigits(value));
  else query = query.where('business_registry_number', '=', value.toUpperCase());
  return (await query.executeTakeFirst()) !== undefined;
}
