import type { AccessControlList } from '@portal/contract/access';
import { Building2 } from 'lucide-react';
import type { RefObject } from 'react';
import type { Viewer } from '../../../ui/business/access/access-rules.ts';
import { BusinessLink } from '../../../ui/business-link.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';

/** The business found, and who is looking at it (SPEC §2: 'Usuario Maestro' / 'Usuario Admin'). */
export function BusinessSummary({
  business,
  viewer,
  headingRef,
}: {
  business: AccessControlList['business'];
  viewer: Viewer;
  /** Focused (tabIndex -1) when the screen comes back from an error. */
  headingRef?: RefObject<HTMLHeadingElement | null>;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-start sm:justify-between sm:p-6">
      <div className="flex min-w-0 gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-blue-50 text-blue-700"
        >
          <Building2 className="size-5" />
        </span>
        <div className="min-w-0">
          <h3
            ref={headingRef}
            tabIndex={-1}
            className="text-base font-semibold break-words text-slate-900 outline-none"
          >
            <BusinessLink registry={business.business_registry_number}>{business.business_name}</BusinessLink>
          </h3>
          <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
            <div className="flex gap-1">
              <dt>Propietario:</dt>
              <dd className="font-medium text-slate-800">{business.business_owner}</dd>
            </div>
            <div className="flex gap-1">
              <dt>Registro:</dt>
              <dd className="font-mono font-medium text-slate-800">
                <BusinessLink registry={business.business_registry_number} />
              </dd>
            </div>
          </dl>
        </div>
      </div>
      <StatusBadge tone={viewer.loginType === 'master' ? 'red' : 'blue'} className="self-start">
        {viewer.loginType === 'master' ? 'Usuario Maestro' : 'Usuario Admin'}
      </StatusBadge>
    </div>
  );
}
