import { FileSearch } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { ApiError } from '../../../api/api-error.ts';
import { useSession } from '../../../session/use-session.ts';
import { ContentSections } from '../../../ui/business/content/content-sections.tsx';
import { LoadError, LoadingState } from '../../../ui/data-states.tsx';
import { BusinessLookupStates } from '../../../ui/registry-lookup.tsx';
import type { useContentLookup } from '../api/use-content-lookup.ts';
import { BusinessCard } from './business-card.tsx';

export const NOT_REGISTERED_TITLE = 'ESTE NEGOCIO NO ESTÁ REGISTRADO';

// Master only, asked when the lookup finds no business.
const TrashedLookup = lazy(() => import('./trashed-lookup.tsx'));

interface ContentLookupResultProps {
  registry: string;
  lookup: ReturnType<typeof useContentLookup>;
  headingLevel: 2 | 3;
}

const PROMPT = {
  icon: <FileSearch className="size-6" />,
  title: 'Gestión de Contenido de Negocios',
  description:
    'Busque un negocio por su número de registro, nombre, email o teléfono para ver sus productos, servicios, empleados y eventos.',
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

/** Every query has answered and the business lookup said 404 (the lists' own 404s show empty). */
function businessNotFound(lookup: ContentLookupResultProps['lookup']) {
  const { error } = lookup.business;
  return !lookup.isPending && error instanceof ApiError && error.status === 404;
}

/**
 * The four states of the lookup (DESIGN §9): prompt, 'Buscando...', not registered or error, the
 * content. A registry number the master does not find may be of a business in the trash.
 */
export function ContentLookupResult({ registry, lookup, headingLevel }: ContentLookupResultProps) {
  const master = useSession().session?.loginType === 'master';
  const states = (
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
  if (!master || registry === '' || !businessNotFound(lookup)) return states;
  return (
    <Suspense fallback={<LoadingState label="Buscando en la papelera..." />}>
      <TrashedLookup registry={registry} notFound={states} />
    </Suspense>
  );
}
