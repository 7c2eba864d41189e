import { Building2 } from 'lucide-react';
import type { BusinessRow } from '../../../api/business-data-api.ts';
import { BusinessLink } from '../../../ui/business-link.tsx';

/** Whose subscription this is: name, registry number and owner. */
export function BusinessSummary({ business }: { business: BusinessRow }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:px-6">
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-blue-50 text-blue-600"
      >
        <Building2 className="size-5" />
      </span>
      <div className="min-w-0">
        <h3 className="font-semibold break-words text-slate-900">
          <BusinessLink registry={business.business_registry_number}>{business.business_name}</BusinessLink>
        </h3>
        <p className="text-sm break-words text-slate-600">
          Registro{' '}
          <BusinessLink registry={business.business_registry_number} className="font-mono text-slate-800" />
          {business.business_owner ? ` · ${business.business_owner}` : null}
        </p>
      </div>
    </div>
  );
}
