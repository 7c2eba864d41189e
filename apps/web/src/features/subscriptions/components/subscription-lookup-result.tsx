import { Wallet } from 'lucide-react';
import { BillingHistory } from '../../../ui/business/subscription/billing-history.tsx';
import { SubscriptionCard } from '../../../ui/business/subscription/subscription-card.tsx';
import {
  NoBillingHistory,
  NoSubscription,
} from '../../../ui/business/subscription/subscription-empty-states.tsx';
import { QueryError } from '../../../ui/data-states.tsx';
import { BusinessLookupStates, UNEXPECTED_ERROR } from '../../../ui/registry-lookup.tsx';
import type { useSubscriptionLookup } from '../api/use-subscription-lookup.ts';
import { BusinessSummary } from './business-summary.tsx';

export const BUSINESS_NOT_FOUND_TITLE = 'NEGOCIO NO ENCONTRADO';

interface SubscriptionLookupResultProps {
  registry: string;
  lookup: ReturnType<typeof useSubscriptionLookup>;
}

const PROMPT = {
  icon: <Wallet className="size-6" />,
  title: 'Gestión de Suscripciones',
  description:
    'Busque un negocio por su número de registro, nombre, email o teléfono para ver su suscripción y su historial de facturación.',
};

/** Prompt, 'Buscando...', not found or error (SPEC §8), then the plan and its billing history; each of the
 * two that fails says which it is, and 'Reintentar' reads that one again. */
export function SubscriptionLookupResult({ registry, lookup }: SubscriptionLookupResultProps) {
  const { subscription, history } = lookup;
  return (
    <BusinessLookupStates
      registry={registry}
      lookup={lookup}
      prompt={PROMPT}
      notFoundTitle={BUSINESS_NOT_FOUND_TITLE}
      errorTitle="Error al buscar el negocio"
    >
      {(business) => (
        <div className="space-y-6">
          <BusinessSummary business={business} />
          {subscription.isError ? (
            <QueryError
              query={subscription}
              title="No se pudo cargar la suscripción"
              fallback={UNEXPECTED_ERROR}
            />
          ) : subscription.data ? (
            <SubscriptionCard subscription={subscription.data} />
          ) : (
            <NoSubscription />
          )}
          {history.isError ? (
            <QueryError
              query={history}
              title="No se pudo cargar el historial de facturación"
              fallback={UNEXPECTED_ERROR}
            />
          ) : history.data && history.data.history.length > 0 ? (
            <BillingHistory items={history.data.history} total={history.data.total_count} />
          ) : (
            <NoBillingHistory />
          )}
        </div>
      )}
    </BusinessLookupStates>
  );
}
