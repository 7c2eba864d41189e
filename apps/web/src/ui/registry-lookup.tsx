// The screens that look a business up by its registry number (content, subscriptions): the page
// header and search form over the result, and the result's first states (DESIGN §9): the prompt,
// 'Buscando...', not registered or an error, then the screen's own content.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../api/api-error.ts';
import type { BusinessRow } from '../api/business-data-api.ts';
import type { LookupState } from '../lib/registry-lookup.ts';
import { useRegistrySearchParam } from '../lib/use-registry-search-param.ts';
import { Banner } from './banner.tsx';
import { LoadError, LoadingState } from './data-states.tsx';
import { EmptyState } from './empty-state.tsx';
import { PageHeader } from './page-header.tsx';
import { RegistrySearchForm } from './registry-search-form.tsx';

export const UNEXPECTED_ERROR = 'Ocurrió un error inesperado.';

interface RegistryLookupPageProps<L extends LookupState> {
  title: string;
  description: string;
  level?: 1 | 2;
  /** The screen's queries for a registry number ('' before the first search). */
  useLookup: (registry: string) => L;
  children: (registry: string, lookup: L) => ReactNode;
}

export function RegistryLookupPage<L extends LookupState>({
  title,
  description,
  level = 2,
  useLookup,
  children,
}: RegistryLookupPageProps<L>) {
  const { registry, setRegistry, formKey } = useRegistrySearchParam();
  const lookup = useLookup(registry);
  const search = (next: string) => {
    if (next === registry) void lookup.refetch();
    else setRegistry(next);
  };
  return (
    <div>
      <PageHeader level={level} title={title} description={description} />
      <div className="space-y-6">
        <RegistrySearchForm
          key={formKey}
          initialValue={registry}
          onSearch={search}
          onClear={() => {
            if (registry !== '') setRegistry('');
          }}
          loading={lookup.isFetching}
        />
        {children(registry, lookup)}
      </div>
    </div>
  );
}

interface BusinessLookupStatesProps {
  registry: string;
  /** The screen's queries, the business's first. */
  lookup: LookupState & { business: UseQueryResult<BusinessRow> };
  /** What the screen shows before a search. */
  prompt: { icon: ReactNode; title: string; description: string };
  notFoundTitle: string;
  errorTitle?: string;
  children: (business: BusinessRow) => ReactNode;
}

export function BusinessLookupStates({
  registry,
  lookup,
  prompt,
  notFoundTitle,
  errorTitle,
  children,
}: BusinessLookupStatesProps) {
  const { business } = lookup;
  if (registry === '') return <EmptyState {...prompt} />;
  if (lookup.isPending) return <LoadingState />;
  if (business.isError) {
    // The status, not the words: the message a person reads is a Spanish text (api-error.ts).
    if (business.error instanceof ApiError && business.error.status === 404) {
      return (
        <Banner tone="warning" title={notFoundTitle}>
          El número de registro "{registry}" no se encontró en la base de datos.
        </Banner>
      );
    }
    return (
      <LoadError
        title={errorTitle}
        message={business.error.message || UNEXPECTED_ERROR}
        onRetry={() => void lookup.refetch()}
        retrying={lookup.isFetching}
      />
    );
  }
  if (!business.data) return <LoadingState />;
  return children(business.data);
}
