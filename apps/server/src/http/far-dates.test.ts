// Date filters past year 9999: Date.parse reads them, but a day or a millisecond added past JS's
// last date, or PostgreSQL's parsing of a six-digit year, failed as 500. They are invalid input.
import { MSG } from '@portal/contract/messages';
import { STAFF_AUDIT_PATH } from '@portal/contract/staff-audit';
import { describe, expect, it } from 'vitest';
import { createBusiness, staffApp } from '../../test/helpers.ts';

const FAR = [
  '+275760-09-13T00:00:00.000Z',
  '+010000-01-01T00:00:00Z',
  '9999-12-31T23:00:00-05:00', // year 10000 in UTC
  '0999-12-31',
  'x T 2026',
];
const DIRECTORY = '/admin/business-data/api/v1/business-data';

const routes = (reg: string): [url: string, from: string, to: string][] => [
  [DIRECTORY, 'date_from', 'date_to'],
  [`${DIRECTORY}/export`, 'date_from', 'date_to'],
  [`${DIRECTORY}/registry-numbers`, 'dateFrom', 'dateTo'],
  [`/admin/business-change-logs/api/v1/business-change-logs/registry/${reg}`, 'date_from', 'date_to'],
  [`/admin/business-change-logs/api/v1/business-change-logs/registry/${reg}/export`, 'date_from', 'date_to'],
  [`/admin/business-employees/api/v1/business-employees/registry/${reg}`, 'start_date_from', 'start_date_to'],
  [`/admin/business-events/api/v1/business-events/registry/${reg}`, 'date_from', 'date_to'],
  [
    '/admin/business-registration/api/v1/business-registration/registrations',
    'registration_from',
    'registration_to',
  ],
  [STAFF_AUDIT_PATH, 'date_from', 'date_to'],
  [`${STAFF_AUDIT_PATH}/export`, 'date_from', 'date_to'],
];

describe('date filters outside years 1000 to 9999', async () => {
  const { t, admin, master } = await staffApp();
  const ROUTES = routes((await createBusiness(t)).business_registry_number);
  const get = (url: string, query: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, query, headers: url.startsWith('/master') ? master : admin });

  it.each(ROUTES)('%s answers 400, not 500', async (url, from, to) => {
    for (const value of FAR) {
      for (const key of [from, to]) {
        const res = await get(url, { [key]: value });
        expect(res.statusCode, `${key}=${value}`).toBe(400);
        expect(res.json().error).toBe(MSG.invalidRequestData);
      }
    }
  });

  it.each(ROUTES)('%s still takes the last day of year 9999', async (url, from, to) => {
    for (const value of ['9999-12-31', '9999-12-31T23:59:59.999Z']) {
      const res = await get(url, { [from]: '1000-01-01', [to]: value });
      expect(res.statusCode, `${to}=${value}`).toBe(200);
    }
  });
});
