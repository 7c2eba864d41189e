import { FileSearch } from 'lucide-react';
import { ContentSections } from '../../../ui/business/content/content-sections.tsx';
import { BusinessLookupStates } from '../../../ui/registry-lookup.tsx';
import type { useContentLookup } from '../api/use-content-lookup.ts';
import { BusinessCard } from './business-card.tsx';

export const NOT_REGISTERED_TITLE = 'ESTE NEGOCIO NO ESTÁ REGISTRADO';

interface ContentLookupResultProps {
  registry: string;
  lookup: ReturnType<typeof useContentLookup>;
  headingLevel: 2 | 3;
}

const PROMPT = {
  icon: <FileSearch className="size-6" />,
  title: 'Gestión de Contenido de Negocios',
  description:
    'Ingrese el número de registro de un negocio para ver sus productos, servicios, empleados y eventos.',
};

/** The four states of the lookup (DESIGN §9): prompt, 'Buscando...', not registered or error, the content. */
export function ContentLookupResult({ registry, lookup, headingLevel }: ContentLookupResultProps) {
  return (
    <BusinessLookupStates
      registry={registry}
      lookup={lookup}
      prompt={PROMPT}
      notFoundTitle={NOT_REGISTERED_TITLE}
      errorTitle="Error al buscar el negocio"
    >
      {(business) => (
        <div className="space-y-6">
          <BusinessCard business={business} headingLevel={headingLevel} />
          <ContentSections
            headingLevel={headingLevel}
            products={lookup.products}
            services={lookup.services}
            employees={lookup.employees}
            events={lookup.events}
          />
        </div>
      )}
    </BusinessLookupStates>
  );
}
