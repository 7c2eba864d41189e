// The bench's scenarios: the calls the portal makes (SPEC §7) on rows picked from the seeded data
// (the same rows every run: TABLESAMPLE ... REPEATABLE and a fixed order).
import { type Kysely, sql } from 'kysely';
import type { Database } from '../apps/server/src/db/types.ts';

export interface Scenario {
  name: string;
  label: string;
  /** Paths for GET, or the login body. */
  paths: string[];
  login?: boolean;
}

const BUSINESS = '/master/business-data/api/v1/business-data';
const HISTORY = '/master/business-change-logs/api/v1/business-change-logs';
const CONTENT = ['products', 'services', 'employees', 'events'].map(
  (kind) => `/master/business-${kind}/api/v1/business-${kind}`,
);
const ACCESS = '/master/business-access/api/v1/business-access';
const PAGE = '/master/business-page/api/v1/business-page';
const AUDIT = '/master/staff-audit/api/v1/staff-actions';

/** What a person types: no accents, lower case. */
const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const words = (name: string, minLength: number) =>
  plain(name)
    .split(/[^a-z0-9ñ]+/)
    .filter((word) => word.length >= minLength);

const query = (params: Record<string, string | number | boolean>) =>
  new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])).toString();

export const SCENARIO_NAMES = [
  'list',
  'search-1-word',
  'search-2-words',
  'filter-only',
  'history',
  'audit-list',
  'content-lookup',
  'access-list',
  'login',
  'csv-export',
  'business-page-summary',
  'business-page-section',
  'list-sorted-name',
  'search-sorted-name',
  'filter-sorted-name',
] as const;

export async function buildScenarios(db: Kysely<Database>, perScenario: number): Promise<Scenario[]> {
  const names = await sql<{ business_name: string }>`
    select business_name from businesses tablesample system (1) repeatable (7)
     order by id limit 400`.execute(db);
  const registries = await sql<{ business_registry_number: string }>`
    select business_registry_number from businesses tablesample system (1) repeatable (11)
     order by id limit ${perScenario}`.execute(db);
  const categories = await sql<{ business_category: string }>`
    select business_category from businesses tablesample system (1) repeatable (13)
     where business_category is not null
     group by 1 order by count(*) desc, 1 limit 4`.execute(db);
  const years = await sql<{ business_year: number }>`
    select business_year from businesses tablesample system (1) repeatable (17)
     where business_year is not null
     group by 1 order by count(*) desc, 1 limit 4`.execute(db);
  if (names.rows.length === 0 || registries.rows.length === 0) {
    throw new Error('the database has no businesses to pick scenarios from');
  }

  const pick = <T>(list: T[]) => list.slice(0, perScenario);
  const distinct = (list: string[]) => [...new Set(list)];

  // One word of a real name (a different position in each name), and two adjacent words.
  const oneWord = distinct(
    names.rows.map((row, i) => {
      const candidates = words(row.business_name, 4);
      return candidates[i % Math.max(1, candidates.length)] ?? '';
    }),
  ).filter((word) => word !== '');
  const twoWords = distinct(
    names.rows.map((row, i) => {
      const candidates = words(row.business_name, 2);
      if (candidates.length < 2) return '';
      return (i % 2 === 0 ? candidates.slice(0, 2) : candidates.slice(-2)).join(' ');
    }),
  ).filter((pair) => pair !== '');

  const category = categories.rows.map((row) => row.business_category);
  const year = years.rows.map((row) => row.business_year);
  const filters: Record<string, string | number | boolean>[] = [
    { category: category[0] ?? 'Restaurante' },
    { verified_email: true },
    { verified_phone: false },
    { year: year[0] ?? 2015 },
    { category: category[1] ?? category[0] ?? 'Restaurante', verified_email: true },
    { verified_email: true, verified_phone: true },
    { category: category[2] ?? category[0] ?? 'Restaurante', year: year[1] ?? year[0] ?? 2015 },
    { verified_phone: true, year: year[2] ?? year[0] ?? 2015 },
    { category: category[3] ?? category[0] ?? 'Restaurante', verified_phone: false },
    { verified_email: false, year: year[3] ?? year[0] ?? 2015 },
  ];
  const registry = registries.rows.map((row) => encodeURIComponent(row.business_registry_number));
  const page = { limit: 10, offset: 0 };

  return [
    {
      name: 'list',
      label: 'list (no search), pages 1-10',
      paths: pick(
        Array.from({ length: 10 }, (_, i) => `${BUSINESS}?${query({ limit: 10, offset: i * 10 })}`),
      ),
    },
    {
      name: 'list-sorted-name',
      label: 'list sorted by name, pages 1-10 (A-Z, then Z-A)',
      paths: pick(
        ['asc', 'desc'].flatMap((order) =>
          Array.from(
            { length: 10 },
            (_, i) =>
              `${BUSINESS}?${query({ sort_by: 'name', sort_order: order, limit: 10, offset: i * 10 })}`,
          ),
        ),
      ),
    },
    {
      name: 'search-sorted-name',
      label: 'search, one word, sorted by name',
      paths: pick(oneWord).map(
        (word) => `${BUSINESS}?${query({ search: word, sort_by: 'name', sort_order: 'asc', ...page })}`,
      ),
    },
    {
      name: 'filter-sorted-name',
      label: 'filters, no search, sorted by name',
      paths: pick(filters).map(
        (filter) => `${BUSINESS}?${query({ ...filter, sort_by: 'name', sort_order: 'asc', ...page })}`,
      ),
    },
    {
      name: 'search-1-word',
      label: 'search, one word',
      paths: pick(oneWord).map((word) => `${BUSINESS}?${query({ search: word, ...page })}`),
    },
    {
      name: 'search-2-words',
      label: 'search, two words',
      paths: pick(twoWords).map((pair) => `${BUSINESS}?${query({ search: pair, ...page })}`),
    },
    {
      name: 'filter-only',
      label: 'filters, no search',
      paths: pick(filters).map((filter) => `${BUSINESS}?${query({ ...filter, ...page })}`),
    },
    {
      name: 'history',
      label: 'history page (20 rows)',
      paths: registry.map((reg) => `${HISTORY}/registry/${reg}?${query({ limit: 20, offset: 0 })}`),
    },
    {
      // The master's audit list: its first page, one action, one business.
      name: 'audit-list',
      label: 'staff audit list (20 rows)',
      paths: [
        `${AUDIT}?${query({ limit: 20, offset: 0 })}`,
        `${AUDIT}?${query({ action: 'verification_update', limit: 20, offset: 0 })}`,
        ...registries.rows.map(
          (row) => `${AUDIT}?${query({ registry: row.business_registry_number, limit: 20, offset: 0 })}`,
        ),
      ],
    },
    {
      name: 'content-lookup',
      label: 'content lookup (one of 4 lists of 100)',
      paths: registry.flatMap((reg) =>
        CONTENT.map((base) => `${base}/registry/${reg}?${query({ limit: 100, offset: 0 })}`),
      ),
    },
    {
      name: 'access-list',
      label: 'access list',
      paths: registry.map((reg) => `${ACCESS}/registry/${reg}`),
    },
    { name: 'login', label: 'login (argon2, one admin per client)', paths: ['/auth/login'], login: true },
    {
      name: 'business-page-summary',
      label: 'business page, first paint',
      paths: registry.map((reg) => `${PAGE}/registry/${reg}`),
    },
    {
      name: 'business-page-section',
      label: 'business page, content stats',
      paths: registry.map((reg) => `${PAGE}/registry/${reg}/content-stats`),
    },
    {
      name: 'csv-export',
      label: 'CSV export (10,000 rows)',
      paths: [`${BUSINESS}/export?${query({ limit: 10000 })}`],
    },
  ];
}
