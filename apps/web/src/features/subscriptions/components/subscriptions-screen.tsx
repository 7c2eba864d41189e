import { useRegistrySearchParam } from '../../../lib/use-registry-search-param.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { RegistrySearchForm } from '../../../ui/registry-search-form.tsx';
import { useSubscriptionLookup } from '../api/use-subscription-lookup.ts';
import { SubscriptionLookupResult } from './subscription-lookup-result.tsx';

/** 'Gestionar Suscripciones' (SPEC §2 "Subscription screen"): a business's plan and billing history. */
export default function SubscriptionsScreen() {
  const { registry, setRegistry, formKey } = useRegistrySearchParam();
  const lookup = useSubscriptionLookup(registry);

  const search = (next: string) => {
    if (next === registry) void lookup.refetch();
    else setRegistry(next);
  };

  return (
    <div>
      <PageHeader
        title="Gestionar Suscripciones"
        description="Consulte el plan, el estado y el historial de facturación de un negocio por su número de registro."
      />
      <div className="space-y-6">
        <RegistrySearchForm
          key={formKey}
          initialValue={registry}
          onSearch={search}
          loading={lookup.isFetching}
        />
        <SubscriptionLookupResult registry={registry} lookup={lookup} />
      </div>
    </div>
  );
}
