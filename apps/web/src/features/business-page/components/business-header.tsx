// The header card: who the business is, its verification and plan, and the directory's row actions
// (the same modals: ui/business/row-modals).

import { tierLabel } from '@portal/contract/subscription-labels';
import { Mail, Pencil, ShieldCheck, Trash2 } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import type { BusinessPage } from '../../../api/business-page-api.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { useFocusOnArrival } from '../../../lib/use-focus-on-arrival.ts';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { preloadModals } from '../../../ui/business/row-modals/lazy-modals.tsx';
import { subscriptionStatus } from '../../../ui/business/subscription/subscription-labels.ts';
import { VerificationBadge } from '../../../ui/business/verification-badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { BusinessActionsMenu } from './business-actions-menu.tsx';
import { CopyRegistryButton } from './copy-registry-button.tsx';
import { Fact } from './section-card.tsx';

const SM_UP = '(width >= 40rem)';

export type HeaderAction = 'edit' | 'verification' | 'email' | 'delete';

interface BusinessHeaderProps {
  page: BusinessPage;
  master: boolean;
  onAction: (action: HeaderAction) => void;
}

export function BusinessHeader({ page, master, onAction }: BusinessHeaderProps) {
  const { business, subscription } = page;
  const plan = subscription ? subscriptionStatus(subscription.subscription_status) : null;
  const icon = 'size-4';
  // Opened from the palette, a row or a link: the focus starts on the business's name.
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(heading, business.business_registry_number);
  return (
    <section
      aria-labelledby="negocio-titulo"
      className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 space-y-2">
          <h1
            ref={heading}
            id="negocio-titulo"
            tabIndex={-1}
            className="text-xl font-semibold tracking-tight break-words text-slate-900 focus:outline-none"
          >
            {business.business_name}
          </h1>
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm font-medium text-slate-700">
              {business.business_registry_number}
            </span>
            <CopyRegistryButton registry={business.business_registry_number} />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <VerificationBadge business={business} />
            {subscription && plan ? (
              <StatusBadge tone={plan.tone}>
                {tierLabel(subscription.subscription_tier)} · {plan.label}
              </StatusBadge>
            ) : (
              <StatusBadge tone="slate">Sin suscripción</StatusBadge>
            )}
          </div>
        </div>
        <BusinessActionsMenu master={master} onAction={onAction} className="self-start sm:hidden" />
        <div className="hidden gap-2 sm:flex sm:flex-wrap lg:justify-end">
          <Button
            variant="secondary"
            icon={<Pencil className={icon} aria-hidden="true" />}
            onPointerEnter={preloadModals}
            onFocus={preloadModals}
            onClick={() => onAction('edit')}
          >
            Editar datos
          </Button>
          <Button
            variant="secondary"
            icon={<ShieldCheck className={icon} aria-hidden="true" />}
            onPointerEnter={preloadModals}
            onFocus={preloadModals}
            onClick={() => onAction('verification')}
          >
            Gestionar Verificación
          </Button>
          <Button
            variant="secondary"
            icon={<Mail className={icon} aria-hidden="true" />}
            onPointerEnter={preloadModals}
            onFocus={preloadModals}
            onClick={() => onAction('email')}
          >
            Actualizar Email
          </Button>
          {master ? (
            <Button
              variant="secondary"
              className="text-red-700 hover:bg-red-50 hover:text-red-800"
              icon={<Trash2 className={icon} aria-hidden="true" />}
              onPointerEnter={preloadModals}
              onFocus={preloadModals}
              onClick={() => onAction('delete')}
            >
              Eliminar
            </Button>
          ) : null}
        </div>
      </div>
      <HeaderFacts>
        <Fact label="Propietario">{business.business_owner}</Fact>
        <Fact label="Categoría">{business.business_category || 'Sin categoría'}</Fact>
        <Fact label="Fecha de registro">{formatDate(business.registration_date)}</Fact>
      </HeaderFacts>
    </section>
  );
}

/** Owner, category and registration date: a row of facts from 640 px, folded under one line on a phone. */
function HeaderFacts({ children }: { children: ReactNode }) {
  // One of the two is built (not both, hidden by CSS), so each fact is on the page once.
  const wide = useMediaQuery(SM_UP) !== false;
  if (wide) return <dl className="mt-4 grid grid-cols-3 gap-4 border-t border-slate-100 pt-4">{children}</dl>;
  return (
    <details className="mt-3 border-t border-slate-100 pt-3">
      <summary className="cursor-pointer text-sm font-medium text-slate-700">
        Propietario, categoría y registro
      </summary>
      <dl className="mt-3 grid grid-cols-1 gap-3">{children}</dl>
    </details>
  );
}
