import { Wallet } from 'lucide-react';
import { BillingHistory } from '../../../ui/business/subscription/billing-history.tsx';
import { SubscriptionCard } from '../../../ui/business/subscription/subscription-card.tsx';
import {
  NoBillingHistory,
  NoSubscription,
} from '../../../ui/business/subscription/subscription-empty-states.tsx';
import { LoadError } from '../../../ui/data-states.tsx';
import { BusinessLookupStates, UNEXPECTED_ERROR } from '../../../ui/registry-lookup.tsx';
import type { useSubscriptionLookup } from '../api/use-subscription-lookup.ts';
import { BusinessSummary } from './business-summary.tsx';

export const BUSINESS_NOT_FOUND_TITLE = 'NEGOCIO NO ENCONTRADO';

const messageOf = (error: Error) => error.message || UNEXPECTED_ERROR;

interface SubscriptionLookupResultProps {
  registry: string;
  lookup: ReturnType<typeof useSubscriptionLookup>;
}

const PROMPT = {
  icon: <Wallet className="size-6" />,
  title: 'Gestión de Suscripciones',
  description:
    'Ingrese el número de registro de un negocio para ver su suscripción y su historial de facturación.',
};

/** Prompt, 'Buscando...', not found or error (SPEC §8), then the plan and its billing history. */
export function SubscriptionLookupResult({ registry, lookup }: SubscriptionLookupResultProps) {
  const { subscription, history } = lookup;
  const retry = () => void lookup.refetch();
  return (
    <BusinessLookupStates
      registry={registry}
      lookup={lookup}
      prompt={PROMPT}
      notFoundTitle={BUSINESS_NOT_FOUND_TITLE}
    >
      {(business) => (
        <div className="space-y-6">
          <BusinessSummary business={business} />
          {subscription.isError ? (
            <LoadError message={messageOf(subscription.error)} onRetry={retry} retrying={lookup.isFetching} />
          ) : subscription.data ? (
            <SubscriptionCard subscription={subscription.data} />
          ) : (
            <NoSubscription />
          )}
          {history.isError ? (
            <LoadError message={messageOf(history.error)} onRetry={retry} retrying={lookup.isFetching} />
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
