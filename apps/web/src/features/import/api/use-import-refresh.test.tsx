// Once an import ends (done, stopped or cancelled) the lists that may show its businesses are
// read again, whichever way the portal learns of it: a read of the import, or the cancel's answer.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { ImportRecord } from '../../../api/business-import-api.ts';
import { signedInWithFakeFetch } from '../../../test/signed-in-with-fake-fetch.ts';
import { importRecord } from '../test-import-record.ts';
import { importKeys, useImport, useImportMutations } from './use-business-import.ts';

const ID = '6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e';
const IMPORT = `/master/business-import/api/v1/imports/${ID}`;
/** What a directory page and a business page keep in the cache (another feature's keys). */
const DIRECTORY = ['business-data', 'list', { search: 'colmado' }];
const BUSINESS_PAGE = ['business-page', 'REG000042'];

const fake = signedInWithFakeFetch();

const record = (values: Partial<ImportRecord>): ImportRecord =>
  importRecord({
    import_id: ID,
    status: 'running',
    total_rows: 3,
    processed_rows: 1,
    summary: { create: 1, update: 0, unchanged: 0, error: 0 },
    created_by: 'Master User',
    ...values,
  });

/** A client whose cache holds the directory, a business page and the recent imports, all fresh. */
function cachedLists() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(DIRECTORY, { businesses: [], total_count: 0 });
  client.setQueryData(BUSINESS_PAGE, { business: { business_name: 'Colmado' } });
  client.setQueryData(importKeys.list(), []);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;
  return { client, wrapper, invalidated };
}

describe('the lists after an import ends', () => {
  it.each([
    ['done', { processed_rows: 3 }],
    ['failed', { processed_rows: 1 }],
    ['cancelled', { processed_rows: 1, cancel_requested: true }],
  ] as const)('are read again once a read of the import finds it %s', async (status, values) => {
    const { wrapper, invalidated } = cachedLists();
    fake().on(`GET ${IMPORT}`, { status: 200, body: { success: true, import: record({}) } });
    fake().on(`GET ${IMPORT}`, {
      status: 200,
      body: { success: true, import: record({ status, ...values, finished_at: '2026-11-28T12:01:00.000Z' }) },
    });
    const { result } = renderHook(() => useImport(ID), { wrapper });
    await waitFor(() => expect(result.current.data?.status).toBe('running'));
    // Still running: nothing else is read again.
    expect(invalidated(DIRECTORY)).toBe(false);

    await act(() => result.current.refetch());
    await waitFor(() => expect(result.current.data?.status).toBe(status));
    expect(invalidated(DIRECTORY)).toBe(true);
    expect(invalidated(BUSINESS_PAGE)).toBe(true);
    expect(invalidated(importKeys.list())).toBe(true);
    expect(invalidated(importKeys.one(ID))).toBe(false);
  });

  it('are read again when a cancel ends a queued import at once', async () => {
    const { wrapper, invalidated } = cachedLists();
    fake().on(`POST ${IMPORT}/cancel`, {
      status: 202,
      body: {
        success: true,
        import: record({ status: 'cancelled', processed_rows: 0, cancel_requested: true }),
      },
    });
    const { result } = renderHook(() => useImportMutations(), { wrapper });
    await act(() => result.current.cancel.mutateAsync(ID));
    expect(invalidated(DIRECTORY)).toBe(true);
    expect(invalidated(BUSINESS_PAGE)).toBe(true);
  });

  it('are left alone while a cancel waits for the batch in progress', async () => {
    const { wrapper, invalidated } = cachedLists();
    fake().on(`POST ${IMPORT}/cancel`, {
      status: 202,
      body: { success: true, import: record({ cancel_requested: true }) },
    });
    const { result } = renderHook(() => useImportMutations(), { wrapper });
    await act(() => result.current.cancel.mutateAsync(ID));
    expect(invalidated(DIRECTORY)).toBe(false);
    expect(invalidated(BUSINESS_PAGE)).toBe(false);
  });
});
