// Suscripción: the plan card and the billing history (the subscriptions screen's own components).
import { BillingHistory } from '../../../ui/business/subscription/billing-history.tsx';
import { SubscriptionCard } from '../../../ui/business/subscription/subscription-card.tsx';
import {
  NoBillingHistory,
  NoSubscription,
} from '../../../ui/business/subscription/subscription-empty-states.tsx';
import { LoadingState, QueryError } from '../../../ui/data-states.tsx';
import { useSubscriptionDetails } from '../api/use-subscription-details.ts';

export function SubscriptionPanel({
  registry,
  hasSubscription,
}: {
  registry: string;
  hasSubscription: boolean;
}) {
  const details = useSubscriptionDetails(registry, hasSubscription);
  if (!hasSubscription) {
    return <NoSubscription />;
  }
  if (details.isPending) return <LoadingState label="Cargando suscripción..." />;
  if (details.isError) {
    return <QueryError query={details} title="No se pudo cargar la suscripción" />;
  }
  return (
    <div className="space-y-6">
      <SubscriptionCard subscription={details.data.subscription} />
      {details.data.billing.history.length > 0 ? (
        <BillingHistory items={details.data.billing.history} total={details.data.billing.total_count} />
      ) : (
        <NoBillingHistory />
      )}
    </div>
  );
}
