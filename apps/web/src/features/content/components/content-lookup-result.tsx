import { FileSearch } from 'lucide-react';
import { ContentSections } from '../../../ui/business/content/content-sections.tsx';
import { LoadError } from '../../../ui/data-states.tsx';
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

const sectionList = new Intl.ListFormat('es', { type: 'conjunction' });

/** Sections whose list did not load show empty (SPEC §8); this says so, so that empty is not read as none. */
function FailedSections({ lookup }: { lookup: ContentLookupResultProps['lookup'] }) {
  const failed = lookup.failedSections;
  if (failed.length === 0) return null;
  const one = failed.length === 1;
  return (
    <LoadError
      title={
        one
          ? `No se pudo cargar la sección ${failed[0]}`
          : `No se pudieron cargar las secciones ${sectionList.format(failed)}`
      }
      message={
        one
          ? 'Aparece vacía, pero el negocio puede tener registros en ella.'
          : 'Aparecen vacías, pero el negocio puede tener registros en ellas.'
      }
      onRetry={() => void lookup.retryFailedSections()}
      retrying={lookup.retryingSections}
    />
  );
}

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
          <FailedSections lookup={lookup} />
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
