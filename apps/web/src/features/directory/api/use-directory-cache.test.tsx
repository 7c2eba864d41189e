import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { BusinessRow } from '../../../api/business-data-api.ts';
import { businessDataKeys } from './business-data-keys.ts';
import type { DirectoryPage } from './use-business-list.ts';
import { setCachedVersions, shownRows, useDirectoryCache, versionsOf } from './use-directory-cache.ts';

const row = (id: number): BusinessRow => ({
  id,
  business_registry_number: `REG${String(id).padStart(6, '0')}`,
  business_name: `Negocio ${id}`,
  business_owner: 'Ana Rivera',
  business_email: `n${id}@example.com`,
  business_phone: '7875550100',
  business_address: null,
  business_category: null,
  business_description: null,
  business_year: null,
  verified_email: false,
  verified_phone: false,
  business_created_at: '2025-01-01T00:00:00.000Z',
  registration_date: '2025-01-01T00:00:00.000Z',
});

function setup(pages: Record<string, DirectoryPage>) {
  const client = new QueryClient();
  for (const [search, page] of Object.entries(pages))
    client.setQueryData(businessDataKeys.list({ search }, 1), page);
  client.setQueryData(businessDataKeys.stats(), { total_businesses: 3 });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useDirectoryCache(), { wrapper });
  const page = (search: string) => client.getQueryData<DirectoryPage>(businessDataKeys.list({ search }, 1));
  return { client, cache: result.current, page };
}

describe('useDirectoryCache', () => {
  it('updates a changed row in place in every cached page that shows it, and marks stats stale', () => {
    const { client, cache, page } = setup({
      ab: { businesses: [row(1), row(2)], total_count: 2, page: 1 },
      cd: { businesses: [row(2), row(3)], total_count: 2, page: 1 },
    });
    cache.updateBusiness(2, { verified_email: true, business_email: 'nuevo@example.com' });
    expect(page('ab')?.businesses[1]).toMatchObject({
      id: 2,
      verified_email: true,
      business_email: 'nuevo@example.com',
    });
    expect(page('cd')?.businesses[0]).toMatchObject({ id: 2, verified_email: true });
    expect(page('ab')?.businesses[0]).toEqual(row(1));
    expect(client.getQueryState(businessDataKeys.stats())?.isInvalidated).toBe(true);
  });

  it('removes a deleted row and counts one less, but keeps a capped total as it is', () => {
    const { cache, page } = setup({
      ab: { businesses: [row(1), row(2)], total_count: 12, page: 1 },
      cd: { businesses: [row(2), row(3)], total_count: 1000, total_count_capped: true, page: 1 },
      ef: { businesses: [row(4)], total_count: 1, page: 1 },
    });
    cache.removeBusiness(2);
    expect(page('ab')).toMatchObject({ businesses: [row(1)], total_count: 11 });
    expect(page('cd')).toMatchObject({ businesses: [row(3)], total_count: 1000 });
    expect(page('ef')?.total_count).toBe(1);
  });

  it('sends the version each selected row shows now, the row as selected when no page holds it', () => {
    const { client } = setup({
      ab: {
        businesses: [
          { ...row(1), version: '3' },
          { ...row(2), version: '5' },
        ],
        total_count: 2,
        page: 1,
      },
    });
    const selected = new Map<string, BusinessRow | null>([
      ['REG000001', { ...row(1), version: '2' }],
      ['REG000007', { ...row(7), version: '9' }],
      ['REG000008', null],
    ]);
    expect(versionsOf(shownRows(client, selected))).toEqual(
      new Map([
        ['REG000001', '3'],
        ['REG000007', '9'],
      ]),
    );
    setCachedVersions(client, new Map([['REG000001', '4']]));
    expect(versionsOf(shownRows(client, selected)).get('REG000001')).toBe('4');
    expect(shownRows(client, selected).get('REG000008')).toBeNull();
    expect(
      client.getQueryData<DirectoryPage>(businessDataKeys.list({ search: 'ab' }, 1))?.businesses[1],
    ).toEqual({
      ...row(2),
      version: '5',
    });
  });
});
