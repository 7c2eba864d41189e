import { useLocation } from 'react-router';
import { useRegistrySearchParam } from '../../../lib/use-registry-search-param.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { RegistrySearchForm } from '../../../ui/registry-search-form.tsx';
import { useContentLookup } from '../api/use-content-lookup.ts';
import { ContentLookupResult } from './content-lookup-result.tsx';

/** 'Gestionar Contenido' (SPEC §2 "Business content lookup"): a dashboard tab and the page /business-data. */
export default function ContentScreen() {
  const standalone = useLocation().pathname === '/business-data';
  const level = standalone ? 1 : 2;
  const { registry, setRegistry, formKey } = useRegistrySearchParam();
  const lookup = useContentLookup(registry);

  const search = (next: string) => {
    if (next === registry) void lookup.refetch();
    else setRegistry(next);
  };

  return (
    <div>
      <PageHeader
        level={level}
        title="Gestionar Contenido"
        description="Consulte los productos, servicios, empleados y eventos de un negocio por su número de registro."
      />
      <div className="space-y-6">
        <RegistrySearchForm
          key={formKey}
          initialValue={registry}
          onSearch={search}
          loading={lookup.isFetching}
        />
        <ContentLookupResult registry={registry} lookup={lookup} headingLevel={level === 1 ? 2 : 3} />
      </div>
    </div>
  );
}
