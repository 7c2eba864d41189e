// The content lookup's result for one registry number, as the screen renders it, for the tests.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { useContentLookup } from '../api/use-content-lookup.ts';
import { ContentLookupResult } from './content-lookup-result.tsx';

function Lookup({ registry }: { registry: string }) {
  return <ContentLookupResult registry={registry} lookup={useContentLookup(registry)} headingLevel={2} />;
}

export function renderLookup(registry: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <Lookup registry={registry} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
