import { useLocation } from 'react-router';
import { RegistryLookupPage } from '../../../ui/registry-lookup.tsx';
import { useContentLookup } from '../api/use-content-lookup.ts';
import { ContentLookupResult } from './content-lookup-result.tsx';

/** 'Gestionar Contenido' (SPEC §2 "Business content lookup"): a dashboard tab and the page /business-data. */
export default function ContentScreen() {
  const level = useLocation().pathname === '/business-data' ? 1 : 2;
  return (
    <RegistryLookupPage
      level={level}
      title="Gestionar Contenido"
      description="Consulte los productos, servicios, empleados y eventos de un negocio: búsquelo por su número de registro, nombre, email o teléfono."
      useLookup={useContentLookup}
    >
      {(registry, lookup) => (
        <ContentLookupResult registry={registry} lookup={lookup} headingLevel={level === 1 ? 2 : 3} />
      )}
    </RegistryLookupPage>
  );
}
