import { formatPhone } from '@portal/contract/phone';
import { CalendarDays, Mail, MapPin, Phone, Tag, User } from 'lucide-react';
import type { ReactNode } from 'react';
import type { BusinessRow } from '../../../api/business-data-api.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { BusinessLink } from '../../../ui/business-link.tsx';

interface BusinessCardProps {
  business: BusinessRow;
  headingLevel: 2 | 3;
}

/** Name, phone, owner, address, email, registration date (es-PR) and category (SPEC §2). */
export function BusinessCard({ business, headingLevel }: BusinessCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `negocio-${business.business_registry_number}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex flex-col gap-1 border-b border-slate-100 pb-4">
        <Heading id={headingId} className="text-lg font-semibold break-words text-slate-900">
          <BusinessLink registry={business.business_registry_number}>{business.business_name}</BusinessLink>
        </Heading>
        <p className="text-sm text-slate-600">
          Registro{' '}
          <BusinessLink registry={business.business_registry_number} className="font-mono text-slate-800" />
        </p>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-4 lg:grid-cols-3">
        <Detail icon={<Phone />} label="Teléfono">
          {formatPhone(business.business_phone) || 'N/A'}
        </Detail>
        <Detail icon={<User />} label="Propietario">
          {business.business_owner || 'N/A'}
        </Detail>
        <Detail icon={<MapPin />} label="Dirección" wide>
          {business.business_address || 'N/A'}
        </Detail>
        <Detail icon={<Mail />} label="Email" wide>
          {business.business_email || 'N/A'}
        </Detail>
        <Detail icon={<CalendarDays />} label="Fecha de registro">
          {formatDate(business.registration_date ?? business.business_created_at)}
        </Detail>
        <Detail icon={<Tag />} label="Categoría">
          {business.business_category || 'N/A'}
        </Detail>
      </dl>
    </section>
  );
}

interface DetailProps {
  icon: ReactNode;
  label: string;
  /** A long value takes the whole row on a phone. */
  wide?: boolean;
  children: ReactNode;
}

function Detail({ icon, label, wide, children }: DetailProps) {
  return (
    <div className={wide ? 'col-span-2 min-w-0 sm:col-span-1' : 'min-w-0'}>
      <dt className="flex items-center gap-1.5 text-xs font-medium tracking-wide text-slate-500 uppercase">
        <span aria-hidden="true" className="text-slate-400 [&>svg]:size-3.5">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-1 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}
