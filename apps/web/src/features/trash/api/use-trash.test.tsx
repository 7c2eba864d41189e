import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import { purgeBusiness, restoreBusiness, type TrashPage } from '../../../api/business-trash-api.ts';
import { trashKeys, usePurgeBusiness, useRestoreBusiness } from './use-trash.ts';

vi.mock('../../../api/business-trash-api.ts', () => ({
  listTrash: vi.fn(),
  restoreBusiness: vi.fn(),
  purgeBusiness: vi.fn(),
}));

const QUERY = { limit: 20, offset: 0 };
const PAGE: TrashPage = {
  businesses: [
    {
      business_registry_number: 'REG000041',
      business_name: 'Panadería La Esquina',
      business_email: 'esquina@example.com',
      deleted_at: '2026-01-10T12:00:00Z',
      deleted_by: 'Master',
    },
  ],
  total_count: 1,
};

function setup<T>(hook: () => T) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  client.setQueryData(trashKeys.page(QUERY), PAGE);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(hook, { wrapper });
  const stale = () => client.getQueryState(trashKeys.page(QUERY))?.isInvalidated;
  return { result, stale };
}

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

describe('trash mutations', () => {
  const gone = () => new ApiError('Business not found in the trash', 404);

  it('reloads the trash list when the business is no longer there to restore or purge', async () => {
    vi.mocked(restoreBusiness).mockRejectedValue(gone());
    const restore = setup(useRestoreBusiness);
    await expect(restore.result.current.mutateAsync('REG000041')).rejects.toThrow();
    expect(restore.stale()).toBe(true);

    vi.mocked(purgeBusiness).mockRejectedValue(gone());
    const purge = setup(usePurgeBusiness);
    await expect(purge.result.current.mutateAsync('REG000041')).rejects.toThrow();
    expect(purge.stale()).toBe(true);
  });

  it('reloads it on a 409, and keeps it on any other failure', async () => {
    vi.mocked(restoreBusiness).mockRejectedValue(new ApiError('Business email already exists', 409));
    const conflict = setup(useRestoreBusiness);
    await expect(conflict.result.current.mutateAsync('REG000041')).rejects.toThrow();
    expect(conflict.stale()).toBe(true);

    vi.mocked(purgeBusiness).mockRejectedValue(new ApiError('Internal server error', 500));
    const failed = setup(usePurgeBusiness);
    await expect(failed.result.current.mutateAsync('REG000041')).rejects.toThrow();
    expect(failed.stale()).toBe(false);
  });
});
