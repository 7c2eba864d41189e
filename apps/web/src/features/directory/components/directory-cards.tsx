import { formatPhone } from '@portal/contract/phone';
import { memo } from 'react';
import { EmailText } from '../../../ui/business/email-text.tsx';
import { VerificationBadge } from '../../../ui/business/verification-badge.tsx';
import { BusinessLink } from '../../../ui/business-link.tsx';
import { RowCheckbox } from './bulk-select-cells.tsx';
import { BusinessActions } from './business-actions.tsx';
import { useBusinessRowOpener } from './business-row-opener.ts';
import type { DirectoryRowsProps } from './directory-table.tsx';

/** The results below 768 px (DESIGN §9): one card per business; a tap anywhere on it but its buttons opens it. */
export const DirectoryCards = memo(function DirectoryCards({
  businesses,
  onOpenAction,
  selection,
}: DirectoryRowsProps) {
  const opener = useBusinessRowOpener();
  return (
    <ul aria-label="Negocios" className="space-y-3">
      {businesses.map((business, index) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the card's name is its link for the keyboard; the tap is a convenience around it
        <li
          key={business.id}
          onClick={(event) => opener.onClick(business.business_registry_number, event)}
          className="cursor-pointer rounded-lg border border-slate-200 bg-white p-4"
        >
          <div className="flex items-start justify-between gap-3">
            {selection ? (
              <div className="-mt-2.5 -ml-2.5 shrink-0">
                <RowCheckbox selection={selection} rows={businesses} index={index} idPrefix="tarjeta" />
              </div>
            ) : null}
            <div className="min-w-0 flex-1">
              <h3 className="font-semibold break-words text-slate-900">
                <BusinessLink registry={business.business_registry_number}>
                  {business.business_name}
                </BusinessLink>
              </h3>
              <p className="font-mono text-xs text-slate-500">
                <BusinessLink registry={business.business_registry_number} tabIndex={-1} />
              </p>
            </div>
            <VerificationBadge business={business} />
          </div>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
            <dt className="text-slate-500">Propietario</dt>
            <dd className="min-w-0 break-words text-slate-800">{business.business_owner}</dd>
            <dt className="text-slate-500">Email</dt>
            <dd className="min-w-0 text-slate-800">
              <EmailText email={business.business_email} />
            </dd>
            <dt className="text-slate-500">Teléfono</dt>
            <dd className="text-slate-800">{formatPhone(business.business_phone)}</dd>
          </dl>
          <div className="mt-3 border-t border-slate-100 pt-3 empty:hidden">
            <BusinessActions business={business} layout="card" onOpen={onOpenAction} />
          </div>
        </li>
      ))}
    </ul>
  );
});
