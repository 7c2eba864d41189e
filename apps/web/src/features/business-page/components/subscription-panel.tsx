// Suscripción: the plan card and the billing history (the subscriptions screen's own components).
// The billing history shows even without a plan: charges can exist without one.
import { BillingHistory } from '../../../ui/business/subscription/billing-history.tsx';
import { SubscriptionCard } from '../../../ui/business/subscription/subscription-card.tsx';
import {
  NoBillingHistory,
  NoSubscription,
} from '../../../ui/business/subscription/subscription-empty-states.tsx';
import { LoadingState, QueryError } from '../../../ui/data-states.tsx';
import { useBillingHistory, useSubscription } from '../api/use-subscription-details.ts';

function SubscriptionPart({ registry, hasSubscription }: { registry: string; hasSubscription: boolean }) {
  const subscription = useSubscription(registry, hasSubscription);
  if (!hasSubscription) return <NoSubscription />;
  if (subscription.isPending) return <LoadingState label="Cargando suscripción..." />;
  if (subscription.isError) {
    return <QueryError query={subscription} title="No se pudo cargar la suscripción" />;
  }
  return subscription.data ? <SubscriptionCard subscription={subscription.data} /> : <NoSubscription />;
}

function BillingPart({ registry }: { registry: string }) {
  const billing = useBillingHistory(registry);
  if (billing.isPending) return <LoadingState label="Cargando facturación..." />;
  if (billing.isError) {
    return <QueryError query={billing} title="No se pudo cargar el historial de facturación" />;
  }
  if (billing.data.history.length === 0) return <NoBillingHistory />;
  return <BillingHistory items={billing.data.history} total={billing.data.total_count} />;
}

export function SubscriptionPanel({
  registry,
  hasSubscription,
}: {
  registry: string;
  hasSubscription: boolean;
}) {
  return (
    <div className="space-y-6">
      <SubscriptionPart registry={registry} hasSubscription={hasSubscription} />
      <BillingPart registry={registry} />
    </div>
  );
}
