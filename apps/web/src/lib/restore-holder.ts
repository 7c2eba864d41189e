// A restore refused with 409 names the business that now holds the email, phone or registry
// number; the trash and the directory's 'Deshacer' both add who it is to the reason.
import { ApiError } from '../api/api-error.ts';

interface Holder {
  business_registry_number: string;
  business_name: string;
}

/** The business a restore's 409 names as holding the email, phone or registry number now. */
function holderOf(error: unknown): Holder | null {
  if (!(error instanceof ApiError)) return null;
  const holder = (error.body as { holder?: Partial<Holder> } | null)?.holder;
  return typeof holder?.business_registry_number === 'string' && typeof holder.business_name === 'string'
    ? (holder as Holder)
    : null;
}

/** `reason`, followed by who holds the value now when the refusal names it. */
export function withHolder(reason: string, error: unknown): string {
  const holder = holderOf(error);
  return holder
    ? `${reason} Lo tiene «${holder.business_name}» (${holder.business_registry_number}).`
    : reason;
}
