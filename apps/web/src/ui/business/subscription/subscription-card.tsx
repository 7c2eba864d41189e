import { formatCents } from '@portal/contract/money';
import { intervalLabel, providerLabel, tierLabel } from '@portal/contract/subscription-labels';
import { CreditCard } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Subscription } from '../../../api/subscriptions-api.ts';
import { actorName } from '../../../lib/actor-name.ts';
import { formatDate, formatDateTime } from '../../../lib/format-date.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { Banner } from '../../banner.tsx';
import { IconCircle } from '../../icon-circle.tsx';
import { StatusBadge } from '../../status-badge.tsx';
import { subscriptionStatus } from './subscription-labels.ts';

/** The plan: tier, status, provider, dates, amount from cents, interval and renewal (SPEC §3). */
export function SubscriptionCard({ subscription }: { subscription: Subscription }) {
  const details = subscription.stripe_details ?? subscription.paypal_details ?? {};
  const status = subscriptionStatus(subscription.subscription_status);
  const amount = details.current_amount ?? details.plan_amount;
  return (
    <section
      aria-labelledby="suscripcion-titulo"
      className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 pb-4">
        <IconCircle>
          <CreditCard />
        </IconCircle>
        <div className="min-w-0 flex-1">
          <h3 id="suscripcion-titulo" className="text-base font-semibold text-slate-900 sm:text-lg">
            Detalles de la Suscripción
          </h3>
          <p className="text-sm text-slate-600">
            Plan {tierLabel(subscription.subscription_tier)} ·{' '}
            {providerLabel(subscription.subscription_provider)}
          </p>
          {subscription.updated_by ? (
            <p className="mt-1 text-xs text-slate-500">
              Actualizado por {actorName(subscription.updated_by)}{' '}
              <time dateTime={subscription.updated_at} title={formatDateTime(subscription.updated_at)}>
                {relativeTime(subscription.updated_at)}
              </time>
            </p>
          ) : null}
        </div>
        <StatusBadge tone={status.tone} className="text-sm">
          <span className="sr-only">Estado: </span>
          {status.label}
        </StatusBadge>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-4 lg:grid-cols-3">
        <Detail label="Plan">{tierLabel(subscription.subscription_tier)}</Detail>
        <Detail label="Proveedor">{providerLabel(subscription.subscription_provider)}</Detail>
        <Detail label="Monto">
          <span className="tabular-nums">{formatCents(amount, details.currency)}</span>
        </Detail>
        <Detail label="Intervalo de facturación">
          {intervalLabel(details.billing_interval, details.interval_count)}
        </Detail>
        <Detail label="Renovación automática">{subscription.subscription_renews ? 'Sí' : 'No'}</Detail>
        <Detail label="Creada">{formatDate(subscription.created_at)}</Detail>
        <Detail label="Inicio del período">{formatDate(details.current_period_start)}</Detail>
        <Detail label="Fin del período">{formatDate(details.current_period_end)}</Detail>
        {details.canceled_at ? <Detail label="Cancelada el">{formatDate(details.canceled_at)}</Detail> : null}
        {details.trial_end ? <Detail label="Fin de la prueba">{formatDate(details.trial_end)}</Detail> : null}
        <Detail label="Email de facturación" wide>
          {subscription.billing_email || details.payer_email || 'Sin email de facturación'}
        </Detail>
        <Detail label="ID de suscripción" wide>
          {details.subscription_id ? (
            <span className="font-mono text-xs break-all">{details.subscription_id}</span>
          ) : (
            'Sin ID de suscripción'
          )}
        </Detail>
      </dl>
      {details.cancel_at_period_end ? (
        <Banner tone="info" className="mt-4">
          La suscripción se cancelará al final del período actual.
        </Banner>
      ) : null}
    </section>
  );
}

/** `wide`: a long value (an email, an id) takes the whole row on a phone. */
function Detail({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'col-span-2 min-w-0 sm:col-span-1' : 'min-w-0'}>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}
