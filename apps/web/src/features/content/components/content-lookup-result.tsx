import { FileSearch } from 'lucide-react';
import { ApiError } from '../../../api/api-error.ts';
import { Banner } from '../../../ui/banner.tsx';
import { ContentSections } from '../../../ui/business/content/content-sections.tsx';
import { LoadError, LoadingState } from '../../../ui/data-states.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import type { useContentLookup } from '../api/use-content-lookup.ts';
import { BusinessCard } from './business-card.tsx';

export const NOT_REGISTERED_TITLE = 'ESTE NEGOCIO NO ESTÁ REGISTRADO';
const UNEXPECTED_ERROR = 'Ocurrió un error inesperado.';

// The status, not the words: the message a person reads is a Spanish text (api-error.ts).
const isNotFound = (error: Error) => error instanceof ApiError && error.status === 404;

interface ContentLookupResultProps {
  registry: string;
  lookup: ReturnType<typeof useContentLookup>;
  headingLevel: 2 | 3;
}

/** The four states of the lookup (DESIGN §9): prompt, 'Buscando...', not registered or error, the content. */
export function ContentLookupResult({ registry, lookup, headingLevel }: ContentLookupResultProps) {
  const { business } = lookup;
  if (registry === '') {
    return (
      <EmptyState
        icon={<FileSearch className="size-6" />}
        title="Gestión de Contenido de Negocios"
        description="Ingrese el número de registro de un negocio para ver sus productos, servicios, empleados y eventos."
      />
    );
  }
  if (lookup.isPending) return <LoadingState />;
  if (business.isError) {
    if (isNotFound(business.error)) {
      return (
        <Banner tone="warning" title={NOT_REGISTERED_TITLE}>
          El número de registro "{registry}" no se encontró en la base de datos.
        </Banner>
      );
    }
    return (
      <LoadError
        title="Error al buscar el negocio"
        message={business.error.message || UNEXPECTED_ERROR}
        onRetry={() => void lookup.refetch()}
        retrying={lookup.isFetching}
      />
    );
  }
  if (!business.data) return <LoadingState />;
  return (
    <div className="space-y-6">
      <BusinessCard business={business.data} headingLevel={headingLevel} />
      <ContentSections
        headingLevel={headingLevel}
        products={lookup.products}
        services={lookup.services}
        employees={lookup.employees}
        events={lookup.events}
      />
    </div>
  );
}
