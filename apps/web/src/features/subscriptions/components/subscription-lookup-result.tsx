import { CreditCard, Receipt, Wallet } from 'lucide-react';
import { Banner } from '../../../ui/banner.tsx';
import { BillingHistory } from '../../../ui/business/subscription/billing-history.tsx';
import { SubscriptionCard } from '../../../ui/business/subscription/subscription-card.tsx';
import { LoadError, LoadingState } from '../../../ui/data-states.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { isNotFound, type useSubscriptionLookup } from '../api/use-subscription-lookup.ts';
import { BusinessSummary } from './business-summary.tsx';

export const BUSINESS_NOT_FOUND_TITLE = 'NEGOCIO NO ENCONTRADO';
const UNEXPECTED_ERROR = 'Ocurrió un error inesperado.';

const messageOf = (error: Error) => error.message || UNEXPECTED_ERROR;

interface SubscriptionLookupResultProps {
  registry: string;
  lookup: ReturnType<typeof useSubscriptionLookup>;
}

/** Prompt, 'Buscando...', not found or error (SPEC §8), then the plan and its billing history. */
export function SubscriptionLookupResult({ registry, lookup }: SubscriptionLookupResultProps) {
  const { business, subscription, history } = lookup;
  const retry = () => void lookup.refetch();
  if (registry === '') {
    return (
      <EmptyState
        icon={<Wallet className="size-6" />}
        title="Gestión de Suscripciones"
        description="Ingrese el número de registro de un negocio para ver su suscripción y su historial de facturación."
      />
    );
  }
  if (lookup.isPending) return <LoadingState />;
  if (business.isError) {
    if (isNotFound(business.error)) {
      return (
        <Banner tone="warning" title={BUSINESS_NOT_FOUND_TITLE}>
          El número de registro "{registry}" no se encontró en la base de datos.
        </Banner>
      );
    }
    return <LoadError message={messageOf(business.error)} onRetry={retry} retrying={lookup.isFetching} />;
  }
  if (!business.data) return <LoadingState />;

  return (
    <div className="space-y-6">
      <BusinessSummary business={business.data} />
      {subscription.isError ? (
        <LoadError message={messageOf(subscription.error)} onRetry={retry} retrying={lookup.isFetching} />
      ) : subscription.data ? (
        <SubscriptionCard subscription={subscription.data} />
      ) : (
        <EmptyState
          className="py-10"
          icon={<CreditCard className="size-6" />}
          title="Sin Suscripción Activa"
          description="Este negocio no tiene una suscripción registrada."
        />
      )}
      {history.isError ? (
        <LoadError message={messageOf(history.error)} onRetry={retry} retrying={lookup.isFetching} />
      ) : history.data && history.data.history.length > 0 ? (
        <BillingHistory items={history.data.history} total={history.data.total_count} />
      ) : (
        <EmptyState
          className="py-10"
          icon={<Receipt className="size-6" />}
          title="Sin Historial de Facturación"
          description="No hay transacciones registradas para este negocio."
        />
      )}
    </div>
  );
}
