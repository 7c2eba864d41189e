import type { AdminRegistrationRecord } from '@portal/contract/admin-registration';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../lib/format-date.ts';
import {
  filterRegistrations,
  masterUserLabel,
  pageOf,
  registrationDate,
  registrationTime,
  truncateUserAgent,
} from './registration-rows.ts';

const record = (overrides: Partial<AdminRegistrationRecord>): AdminRegistrationRecord => ({
  id: 1,
  admin_id: 1,
  admin_first_name: 'María',
  admin_last_name: 'Rodríguez',
  admin_email: 'maria@example.com',
  master_user: 'Master User',
  registration_date: '2026-03-05',
  registration_time: '14:03:09.123456',
  ip_address: '10.0.0.7',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120',
  created_at: '2026-03-05T14:03:09.123Z',
  ...overrides,
});

const maria = record({ id: 1 });
const jose = record({
  id: 2,
  admin_first_name: 'José',
  admin_last_name: 'Núñez',
  admin_email: 'jose@empresa.pr',
  master_user: 'Otro Maestro',
  ip_address: '192.168.1.20',
});
const noIp = record({ id: 3, admin_first_name: 'Ana', admin_last_name: 'Ortiz', ip_address: null });

describe('registration history search', () => {
  const all = [maria, jose, noIp];

  it('returns everything for a blank query', () => {
    expect(filterRegistrations(all, '   ')).toEqual(all);
  });

  it('finds by first name, last name and full name, ignoring accents and case', () => {
    expect(filterRegistrations(all, 'jose')).toEqual([jose]);
    expect(filterRegistrations(all, 'NUÑEZ')).toEqual([jose]);
    expect(filterRegistrations(all, 'maria rodriguez')).toEqual([maria]);
  });

  it('finds by email, master user and IP', () => {
    expect(filterRegistrations(all, 'empresa.pr')).toEqual([jose]);
    expect(filterRegistrations(all, 'otro maestro')).toEqual([jose]);
    expect(filterRegistrations(all, '192.168')).toEqual([jose]);
  });

  it("finds the master's rows by the words shown ('Usuario maestro') and by the stored 'Master User'", () => {
    expect(filterRegistrations(all, 'usuario maestro')).toEqual([maria, noIp]);
    expect(filterRegistrations(all, 'maestro')).toEqual(all);
    expect(filterRegistrations(all, 'master user')).toEqual([maria, noIp]);
  });

  it('does not search the user agent, and copes with a missing IP', () => {
    expect(filterRegistrations(all, 'chrome')).toEqual([]);
    expect(filterRegistrations(all, 'ortiz')).toEqual([noIp]);
  });
});

describe('registration history cells', () => {
  it('cuts the user agent at 25 characters', () => {
    expect(truncateUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/120')).toBe(
      'Mozilla/5.0 (X11; Linux x...',
    );
    expect(truncateUserAgent('curl/8.5.0')).toBe('curl/8.5.0');
    expect(truncateUserAgent('x'.repeat(25))).toBe('x'.repeat(25));
  });

  it("shows 'Usuario maestro' for the stored 'Master User', any other name as stored", () => {
    expect(masterUserLabel('Master User')).toBe('Usuario maestro');
    expect(masterUserLabel('Otro Maestro')).toBe('Otro Maestro');
  });

  it("shows created_at's time in the reader's time zone, 8 characters, not the server's UTC clock", () => {
    // 1:04:38 a. m. here; the server wrote its own clock, 4 hours ahead in Puerto Rico.
    const at = new Date(2026, 2, 5, 1, 4, 38, 250);
    const shown = registrationTime({
      created_at: at.toISOString(),
      registration_date: '2026-03-05',
      registration_time: '05:04:38.250000',
    });
    expect(shown).toBe('01:04:38');
    expect(registrationTime({ ...maria, created_at: new Date(2026, 2, 5, 14, 3, 9).toISOString() })).toBe(
      '14:03:09',
    );
  });

  it("shows created_at's day, so a registration late at night is not put on the next (UTC) day", () => {
    const lateAtNight = new Date(2026, 2, 5, 23, 30, 0).toISOString();
    expect(
      registrationDate({
        created_at: lateAtNight,
        registration_date: '2026-03-06',
        registration_time: '03:30:00',
      }),
    ).toBe(formatDate(new Date(2026, 2, 5)));
  });

  it('falls back to the recorded time and day without created_at', () => {
    const recorded = { registration_date: '2026-03-05', registration_time: '14:03:09.123456' };
    expect(registrationTime({ ...recorded, created_at: '' })).toBe('14:03:09');
    expect(registrationTime({ ...recorded, created_at: 'no es una fecha' })).toBe('14:03:09');
    expect(registrationDate({ ...recorded, created_at: '' })).toBe(formatDate(new Date(2026, 2, 5)));
    expect(registrationTime({ created_at: '', registration_date: '', registration_time: '' })).toBe('N/A');
    expect(registrationDate({ created_at: '', registration_date: '', registration_time: '' })).toBe('N/A');
  });

  it('slices one page', () => {
    const items = Array.from({ length: 23 }, (_, index) => index);
    expect(pageOf(items, 3, 10)).toEqual([20, 21, 22]);
    expect(pageOf(items, 1, 10)).toHaveLength(10);
  });
});
