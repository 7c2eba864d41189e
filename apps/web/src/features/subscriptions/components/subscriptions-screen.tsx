import { useSession } from '../../../session/use-session.ts';
import { RegistryLookupPage } from '../../../ui/registry-lookup.tsx';
import { useSubscriptionLookup } from '../api/use-subscription-lookup.ts';
import { SubscriptionLookupResult } from './subscription-lookup-result.tsx';
import { UnmatchedEventsPanel } from './unmatched-events-panel.tsx';

/** 'Gestionar Suscripciones' (SPEC §2 "Subscription screen"): a business's plan and billing history. */
export default function SubscriptionsScreen() {
  const { session } = useSession();
  return (
    <div className="space-y-6">
      <RegistryLookupPage
        title="Gestionar Suscripciones"
        description="Consulte el plan, el estado y el historial de facturación de un negocio: búsquelo por su número de registro, nombre, email o teléfono."
        useLookup={useSubscriptionLookup}
      >
        {(registry, lookup) => <SubscriptionLookupResult registry={registry} lookup={lookup} />}
      </RegistryLookupPage>
      {/* Payment events that named no business: the master's to look into. */}
      {session?.loginType === 'master' ? <UnmatchedEventsPanel /> : null}
    </div>
  );
}
