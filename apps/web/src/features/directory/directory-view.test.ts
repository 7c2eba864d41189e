import {
  DIRECTORY_DEFAULT_ORDER,
  DIRECTORY_PAGE_SIZES,
  DIRECTORY_SORT_FIELDS,
} from '@portal/contract/business-data';
import { dateQuery } from '@portal/contract/list-filters';
import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  DEFAULT_ORDER,
  DEFAULT_SORT,
  datesAreInOrder,
  EMPTY_FILTERS,
  effectiveSearch,
  narrowingOf,
  PAGE_SIZES,
  readView,
  SORT_OPTIONS,
  sortOptionsFor,
  toFilterQuery,
  writeView,
} from './directory-view.ts';

const view = (query: string) => readView(new URLSearchParams(query));

describe('readView', () => {
  it('reads every part of the view from the URL', () => {
    expect(
      view(
        'tab=buscar&q=%20panaderia%20&categoria=Restaurantes&email=verificado&telefono=no-verificado&desde=2025-01-02&hasta=2025-02-03&pagina=3',
      ),
    ).toEqual({
      search: 'panaderia',
      category: 'Restaurantes',
      verifiedEmail: 'verificado',
      verifiedPhone: 'no-verificado',
      dateFrom: '2025-01-02',
      dateTo: '2025-02-03',
      // A search without a named sort is in relevance order.
      ...DEFAULT_SORT,
      sortBy: 'relevance',
      page: 3,
    });
  });

  it('falls back to the defaults for missing or odd values', () => {
    expect(view('email=quizas&telefono=&desde=ayer&hasta=2025-13-45&pagina=-2')).toEqual({
      search: '',
      ...EMPTY_FILTERS,
      ...DEFAULT_SORT,
      page: 1,
    });
    expect(view('pagina=1.5').page).toBe(1);
    expect(view('pagina=abc').page).toBe(1);
  });
});

describe('writeView', () => {
  it('keeps other parameters and leaves defaults out', () => {
    const next = writeView(new URLSearchParams('tab=buscar&q=old&pagina=4'), {
      search: '',
      ...EMPTY_FILTERS,
      ...DEFAULT_SORT,
      verifiedEmail: 'verificado',
      page: 1,
    });
    expect(next.toString()).toBe('tab=buscar&email=verificado');
  });

  it('round-trips through readView', () => {
    const original = {
      search: 'café del sol',
      category: 'Panaderías',
      verifiedEmail: 'no-verificado' as const,
      verifiedPhone: 'verificado' as const,
      dateFrom: '2024-05-01',
      dateTo: '2024-05-31',
      sortBy: 'name' as const,
      sortOrder: 'desc' as const,
      pageSize: 25,
      page: 7,
    };
    expect(readView(writeView(new URLSearchParams(), original))).toEqual(original);
  });
});

describe('search and filters', () => {
  it('one letter is not a search yet (the server needs two)', () => {
    expect(effectiveSearch(' a ')).toBe('');
    expect(effectiveSearch(' ab ')).toBe('ab');
  });

  it('counts active filters and knows when the directory is narrowed', () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...EMPTY_FILTERS, category: 'Bares', dateTo: '2025-01-01' })).toBe(2);
    expect(narrowingOf(view(''))).toBe('none');
    expect(narrowingOf(view('q=a'))).toBe('none');
    expect(narrowingOf(view('q=ab'))).toBe('search');
    expect(narrowingOf(view('telefono=verificado'))).toBe('filters');
    expect(narrowingOf(view('q=ab&telefono=verificado'))).toBe('both');
  });

  it('checks that Fecha Desde is not after Fecha Hasta', () => {
    expect(datesAreInOrder({ ...EMPTY_FILTERS, dateFrom: '2025-01-02', dateTo: '2025-01-01' })).toBe(false);
    expect(datesAreInOrder({ ...EMPTY_FILTERS, dateFrom: '2025-01-01', dateTo: '2025-01-01' })).toBe(true);
    expect(datesAreInOrder({ ...EMPTY_FILTERS, dateFrom: '2025-01-01' })).toBe(true);
  });
});

describe('toFilterQuery', () => {
  it('maps the view to the list call, days as the local day from its first to its last millisecond', () => {
    const query = toFilterQuery(
      view('q=pan&categoria=Bares&email=verificado&telefono=no-verificado&desde=2025-03-01&hasta=2025-03-02'),
    );
    expect(query).toEqual({
      search: 'pan',
      category: 'Bares',
      verified_email: true,
      verified_phone: false,
      date_from: new Date(2025, 2, 1).toISOString(),
      date_to: new Date(2025, 2, 2, 23, 59, 59, 999).toISOString(),
    });
  });

  it("keeps 'Fecha Hasta' 9999-12-31 within what the server reads in a zone behind UTC, and drops a short year", () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Puerto_Rico';
    try {
      const query = toFilterQuery(view('desde=0202-05-01&hasta=9999-12-31'));
      expect(query).toEqual({ date_to: '9999-12-31T23:59:59.999Z' });
      expect(dateQuery.safeParse(query.date_to).success).toBe(true);
    } finally {
      process.env.TZ = zone;
    }
  });

  it('sends nothing for an empty view or a one-letter search', () => {
    expect(toFilterQuery(view('q=p&pagina=2'))).toEqual({});
  });
});

describe('sort and page size', () => {
  it('offers the contract sort fields, default orders and page sizes', () => {
    expect(SORT_OPTIONS.map((option) => option.value).sort()).toEqual([...DIRECTORY_SORT_FIELDS].sort());
    expect(DEFAULT_ORDER).toEqual(DIRECTORY_DEFAULT_ORDER);
    expect([...PAGE_SIZES]).toEqual([...DIRECTORY_PAGE_SIZES]);
  });

  it('newest first with 10 rows is a plain URL and sends no sort', () => {
    const view = readView(new URLSearchParams());
    expect(view).toMatchObject({ sortBy: 'registration_date', sortOrder: 'desc', pageSize: 10 });
    expect(writeView(new URLSearchParams(), view).toString()).toBe('');
    expect(toFilterQuery(view)).toEqual({});
  });

  it('reads the sort and size from the URL and sends the sort', () => {
    const view = readView(new URLSearchParams('orden=nombre&sentido=asc&filas=25'));
    expect(view).toMatchObject({ sortBy: 'name', sortOrder: 'asc', pageSize: 25 });
    expect(toFilterQuery(view)).toEqual({ sort_by: 'name', sort_order: 'asc' });
  });

  it('ignores an unknown sort or size', () => {
    const view = readView(new URLSearchParams('orden=precio&sentido=up&filas=7'));
    expect(view).toMatchObject({ sortBy: 'registration_date', sortOrder: 'desc', pageSize: 10 });
  });
});

describe('sorting a search', () => {
  const next = (current: string, changes: Partial<ReturnType<typeof view>>) =>
    writeView(new URLSearchParams(current), { ...view(current), page: 1, ...changes }).toString();

  it('a search is in relevance order unless a sort is named, and relevance sends no sort', () => {
    expect(view('q=Vega')).toMatchObject({ sortBy: 'relevance' });
    expect(toFilterQuery(view('q=Vega'))).toEqual({ search: 'Vega' });
  });

  it('a search sorted newest first asks the server for it', () => {
    const sorted = view('q=Vega&orden=fecha&sentido=desc');
    expect(sorted).toMatchObject({ sortBy: 'registration_date', sortOrder: 'desc' });
    expect(toFilterQuery(sorted)).toEqual({
      search: 'Vega',
      sort_by: 'registration_date',
      sort_order: 'desc',
    });
  });

  it('choosing newest first during a search is written in the URL', () => {
    expect(next('q=Vega', { sortBy: 'registration_date', sortOrder: 'desc' })).toBe(
      'q=Vega&orden=fecha&sentido=desc',
    );
  });

  it('typing a search in the plain directory switches it to relevance; a chosen sort stays', () => {
    expect(next('', { search: 'Vega' })).toBe('q=Vega');
    const kept = new URLSearchParams(next('orden=nombre&sentido=asc', { search: 'Vega' }));
    expect(Object.fromEntries(kept)).toEqual({ q: 'Vega', orden: 'nombre', sentido: 'asc' });
  });

  it('without a search relevance is not a sort: newest first, a plain URL', () => {
    expect(view('orden=relevancia')).toMatchObject({ sortBy: 'registration_date', sortOrder: 'desc' });
    expect(next('q=Vega', { search: '' })).toBe('');
    expect(toFilterQuery({ ...view(''), sortBy: 'relevance' })).toEqual({});
  });

  it('offers Relevancia first only with a search', () => {
    expect(sortOptionsFor(true).map((option) => option.label)).toEqual([
      'Relevancia',
      'Fecha de registro',
      'Nombre',
      'Verificación',
    ]);
    expect(sortOptionsFor(false).map((option) => option.label)).not.toContain('Relevancia');
  });
});
