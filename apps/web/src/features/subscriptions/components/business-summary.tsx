import { Building2 } from 'lucide-react';
import type { BusinessRow } from '../../../api/business-data-api.ts';
import { BusinessLink } from '../../../ui/business-link.tsx';
import { IconCircle } from '../../../ui/icon-circle.tsx';

/** Whose subscription this is: name, registry number and owner. */
export function BusinessSummary({ business }: { business: BusinessRow }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:px-6">
      <IconCircle>
        <Building2 />
      </IconCircle>
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
