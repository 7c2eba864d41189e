// A tab left on an import's review learns, once back in front, that another tab started or
// cancelled it, though the portal reads nothing else again on focus.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { ImportRecord } from '../../../api/business-import-api.ts';
import { signedInWithFakeFetch } from '../../../test/signed-in-with-fake-fetch.ts';
import { importRecord } from '../test-import-record.ts';
import { useImport } from './use-business-import.ts';

const ID = '6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e';
const IMPORT = `/master/business-import/api/v1/imports/${ID}`;

const fake = signedInWithFakeFetch();

const answer = (values: Partial<ImportRecord>) => ({
  status: 200,
  body: { success: true, import: importRecord({ import_id: ID, total_rows: 3, ...values }) },
});

/** The import on its review, then started in another tab; the portal's default: no reads on focus. */
function reviewThenStarted() {
  fake().on(`GET ${IMPORT}`, answer({ status: 'previewed' }));
  fake().on(`GET ${IMPORT}`, answer({ status: 'running', processed_rows: 1 }));
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useImport(ID), { wrapper });
}

describe('the import read again when its tab comes back', () => {
  it('when the tab is shown again', async () => {
    const { result } = reviewThenStarted();
    await waitFor(() => expect(result.current.data?.status).toBe('previewed'));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });
    await waitFor(() => expect(result.current.data?.status).toBe('running'));
  });

  it('when its window is brought in front of another', async () => {
    const { result } = reviewThenStarted();
    await waitFor(() => expect(result.current.data?.status).toBe('previewed'));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(result.current.data?.status).toBe('running'));
    expect(fake().callsTo(IMPORT)).toHaveLength(2);
  });
});
