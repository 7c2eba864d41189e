import { formatPhone } from '@portal/contract/phone';
import type { BusinessRow } from '../api/business-data-api.ts';

/** A business as a suggestion shows it (the palette, the lookup boxes): its name, then registry · email · phone. */
export function BusinessOptionText({ business }: { business: BusinessRow }) {
  return (
    <span className="min-w-0 flex-1">
      <span className="block truncate font-medium text-slate-900">{business.business_name}</span>
      <span className="block truncate text-xs text-slate-600">
        <span className="font-mono">{business.business_registry_number}</span>
        {' · '}
        {business.business_email}
        {' · '}
        {formatPhone(business.business_phone)}
      </span>
    </span>
  );
}
