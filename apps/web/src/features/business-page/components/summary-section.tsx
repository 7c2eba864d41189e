// Resumen: contact, address and locations, registration data and content counts, all from the
// first paint (no call of its own); above them, an owner's access mail still pending or failed, if any.

import { formatPhone } from '@portal/contract/phone';
import { deviceLabel, NOT_GIVEN, referralLabel } from '@portal/contract/registration-labels';
import { MapPin } from 'lucide-react';
import { Link } from 'react-router';
import type { BusinessPage, BusinessPageLocation } from '../../../api/business-page-api.ts';
import { establishmentLabel } from '../../../lib/establishment-label.ts';
import { EmailText } from '../../../ui/business/email-text.tsx';
import { VerifiedFlagBadge } from '../../../ui/business/verification-badge.tsx';
import { businessPath } from '../../../ui/business-link.tsx';
import { cn, focusRing } from '../../../ui/cn.ts';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { OwnerAccessBanner } from './owner-access-banner.tsx';
import { Fact, SectionCard } from './section-card.tsx';

const countFormat = new Intl.NumberFormat('es-PR');
const coordinate = (value: number) => value.toFixed(5);

function LocationItem({ location }: { location: BusinessPageLocation }) {
  const address = [location.location_address_1, location.location_address_2].filter(Boolean).join(', ');
  return (
    <li className="flex gap-3 py-3 first:pt-0 last:pb-0">
      <MapPin className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden="true" />
      <div className="min-w-0 text-sm">
        <p className="font-medium break-words text-slate-900">
          {address}
          {location.location_main ? (
            <StatusBadge tone="blue" className="ml-2 align-middle">
              Principal
            </StatusBadge>
          ) : null}
        </p>
        <p className="text-slate-600">
          {location.location_city}, {location.location_zip} · {location.location_country}
        </p>
        <p className="text-slate-600">
          {location.location_scenery_type ? establishmentLabel(location.location_scenery_type) : 'Sin tipo'} ·{' '}
          <span className="font-mono text-xs">
            {coordinate(location.location_latitude)}, {coordinate(location.location_longitude)}
          </span>
        </p>
      </div>
    </li>
  );
}

export function SummarySection({ page }: { page: BusinessPage }) {
  const { business, locations, counts } = page;
  const contentLink = `${businessPath(business.business_registry_number)}/contenido`;
  const ordered = [...locations].sort((a, b) => Number(b.location_main) - Number(a.location_main));
  const tiles = [
    { label: 'Productos', value: counts.products },
    { label: 'Servicios', value: counts.services },
    { label: 'Empleados', value: counts.employees },
    { label: 'Eventos', value: counts.events },
  ];
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <OwnerAccessBanner
        registry={business.business_registry_number}
        access={page.owner_access}
        className="lg:col-span-2"
      />
      <SectionCard title="Contacto">
        <dl className="grid grid-cols-1 gap-4">
          <Fact label="Email">
            <span className="flex flex-wrap items-center gap-2">
              <EmailText email={business.business_email} />
              <VerifiedFlagBadge verified={business.verified_email} />
            </span>
          </Fact>
          <Fact label="Teléfono">
            <span className="flex flex-wrap items-center gap-2">
              {formatPhone(business.business_phone)}
              <VerifiedFlagBadge verified={business.verified_phone} />
            </span>
          </Fact>
          <Fact label="Dirección">{business.business_address || 'Sin dirección'}</Fact>
        </dl>
      </SectionCard>
      <SectionCard title="Datos de registro">
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Fact label="Año de fundación">{business.business_year ?? NOT_GIVEN}</Fact>
          <Fact label="Dispositivo">{deviceLabel(business.device_type)}</Fact>
          <Fact label="Cómo nos conoció">{referralLabel(business.referral_source)}</Fact>
          <Fact label="Verificado por administración">{business.admin_verified ? 'Sí' : 'No'}</Fact>
          <Fact label="Descripción" className="sm:col-span-2">
            {business.business_description || 'Sin descripción'}
          </Fact>
        </dl>
      </SectionCard>
      <SectionCard title={`Ubicaciones (${countFormat.format(locations.length)})`}>
        {ordered.length === 0 ? (
          <p className="text-sm text-slate-600">Este negocio no tiene ubicaciones registradas.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {ordered.map((location) => (
              <LocationItem key={location.location_id} location={location} />
            ))}
          </ul>
        )}
      </SectionCard>
      <SectionCard title="Contenido">
        <ul className="grid grid-cols-2 gap-3">
          {tiles.map((tile) => (
            <li key={tile.label}>
              <Link
                to={contentLink}
                replace
                className={cn(
                  'block rounded-lg border border-slate-200 px-4 py-3 hover:border-blue-300 hover:bg-blue-50',
                  focusRing,
                )}
              >
                <span className="block text-xs font-medium text-slate-600">{tile.label}</span>
                <span className="text-2xl font-semibold text-slate-900">
                  {countFormat.format(tile.value)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </SectionCard>
    </div>
  );
}
