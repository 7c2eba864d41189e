// The business a modal acts on: name and registry number, and its contact details (SPEC §2).

import { formatPhone } from '@portal/contract/phone';
import type { BusinessRow } from '../../../api/business-data-api.ts';
import { cn } from '../../cn.ts';
import { EmailText } from '../email-text.tsx';

interface BusinessSummaryProps {
  business: BusinessRow;
  /** Show owner, email and phone under the name. */
  contact?: boolean;
  className?: string;
}

export function BusinessSummary({ business, contact = true, className }: BusinessSummaryProps) {
  return (
    <div className={cn('min-w-0 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3', className)}>
      <p className="font-semibold break-words text-slate-900">{business.business_name}</p>
      <p className="text-xs text-slate-600">
        Registro <span className="font-mono text-slate-800">{business.business_registry_number}</span>
      </p>
      {contact ? (
        <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
          <div className="min-w-0">
            <dt className="text-xs text-slate-500">Propietario</dt>
            <dd className="break-words text-slate-800">{business.business_owner}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-slate-500">Email</dt>
            <dd className="text-slate-800">
              <EmailText email={business.business_email} />
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-slate-500">Teléfono</dt>
            <dd className="text-slate-800">{formatPhone(business.business_phone)}</dd>
          </div>
        </dl>
      ) : null}
    </div>
  );
}
