import { BUSINESS_CATEGORIES } from '@portal/contract/categories';
import { SavedViewQuery } from '@portal/contract/saved-views';
import { describe, expect, it } from 'vitest';
import { readView } from './directory-view.ts';
import { openSavedQuery, toSavedQuery } from './saved-view-query.ts';

const category = BUSINESS_CATEGORIES[3] as string;

describe('saved view query', () => {
  it('saves what the URL shows, in the server names the contract accepts', () => {
    const view = readView(
      new URLSearchParams(
        `q=pan&categoria=${encodeURIComponent(category)}&email=no-verificado&desde=2024-01-01&orden=nombre&sentido=asc&filas=25&pagina=3`,
      ),
    );
    const query = toSavedQuery(view);
    expect(SavedViewQuery.safeParse(query).success).toBe(true);
    expect(query).not.toHaveProperty('page');
    const opened = openSavedQuery(query);
    expect(opened.dropped).toEqual([]);
    expect({ ...opened.view, page: 1 }).toEqual({ ...view, page: 1 });
  });

  it('drops a category no longer in the catalog and keeps the rest', () => {
    const opened = openSavedQuery({ category: 'Categoría Retirada', search: 'pan', limit: '50' });
    expect(opened.view).toMatchObject({ category: '', search: 'pan', pageSize: 50 });
    expect(opened.dropped).toEqual(['Se omitió el filtro Categoría: ya no existe.']);
  });

  it('drops a value that does not validate, naming it', () => {
    const opened = openSavedQuery({ sort_by: 'price', limit: '7', verified_phone: 'true' });
    expect(opened.view).toMatchObject({
      sortBy: 'registration_date',
      pageSize: 10,
      verifiedPhone: 'verificado',
    });
    expect(opened.dropped).toHaveLength(2);
  });
});
