// The business a modal acts on: name and registry number, and its contact details (SPEC §2).

import { formatPhone } from '@portal/contract/phone';
import type { BusinessRow } from '../../../api/business-data-api.ts';
import { BusinessLink } from '../../business-link.tsx';
import { cn } from '../../cn.ts';
import { EmailText } from '../email-text.tsx';

interface BusinessSummaryProps {
  business: BusinessRow;
  /** Show owner, email and phone under the name. */
  contact?: boolean;
  className?: string;
  /**
   * The name and registry number link to the business page (DESIGN §9), where following one leaves
   * nothing undone: the history modal, not a form. `onOpen` runs as the link is followed.
   */
  links?: { onOpen?: () => void };
}

export function BusinessSummary({ business, contact = true, className, links }: BusinessSummaryProps) {
  const registry = business.business_registry_number;
  // Both open the same page: the number is no second stop for the keyboard, as in the directory's rows.
  const linked = (text?: string) =>
    links ? (
      <BusinessLink registry={registry} onClick={links.onOpen} tabIndex={text ? undefined : -1}>
        {text}
      </BusinessLink>
    ) : (
      (text ?? registry)
    );
  return (
    <div className={cn('min-w-0 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3', className)}>
      <p className="font-semibold break-words text-slate-900">{linked(business.business_name)}</p>
      <p className="text-xs text-slate-600">
        Registro <span className="font-mono text-slate-800">{linked()}</span>
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
