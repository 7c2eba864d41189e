import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { BusinessRow } from '../../api/business-data-api.ts';
import { businessDataKeys } from './api/business-data-keys.ts';
import { cachedRows } from './api/use-directory-cache.ts';
import { selectedRows } from './bulk-export.ts';

vi.mock('../../api/business-data-api.ts', () => ({ listBusinesses: vi.fn() }));

const row = (registry: string, phone: string) =>
  ({
    id: Number(registry.slice(3)),
    business_registry_number: registry,
    business_phone: phone,
  }) as BusinessRow;
const page = (rows: BusinessRow[]) => ({ businesses: rows, total_count: rows.length, page: 1 });

describe("'Exportar selección'", () => {
  it('writes a selected row as the cached pages hold it now, not as it was when ticked', async () => {
    const client = new QueryClient();
    const ticked = row('REG1', '7875550100');
    client.setQueryData(businessDataKeys.list({}, 1), page([ticked, row('REG2', '7875550200')]));
    // 'Editar datos' changed its phone: the directory's cache applies it to every page.
    client.setQueryData(
      businessDataKeys.list({}, 1),
      page([row('REG1', '7875550199'), row('REG2', '7875550200')]),
    );
    const selected = new Map([['REG1', ticked]]);
    const rows = await selectedRows(selected, {}, cachedRows(client));
    expect(rows.map((r) => r.business_phone)).toEqual(['7875550199']);
  });

  it('keeps the row as ticked when no cached page holds it any more', async () => {
    const ticked = row('REG3', '7875550300');
    const rows = await selectedRows(new Map([['REG3', ticked]]), {}, cachedRows(new QueryClient()));
    expect(rows).toEqual([ticked]);
  });
});
