import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../session/session-store.ts';
import { adminSession } from '../../../test/session-fixtures.ts';
import { signedInWithFakeFetch } from '../../../test/signed-in-with-fake-fetch.ts';
import { renderLookup } from './lookup-test-kit.tsx';

const REGISTRY = 'REG000041';
const TRASH = 'GET /master/business-trash/api/v1/business-trash';
const FAMILIES = ['data', 'products', 'services', 'employees', 'events'];
const notFound = { status: 404, body: { success: false, message: 'Business not found' } };
const trashed = (registry: string) => ({
  business_registry_number: registry,
  business_name: 'Panadería La Esquina',
  business_email: 'esquina@example.com',
  deleted_at: '2026-11-20T15:30:00Z',
  deleted_by: 'Master User',
});
const trashPage = (...businesses: ReturnType<typeof trashed>[]) => ({
  status: 200,
  body: { success: true, businesses, total_count: businesses.length },
});

const fake = signedInWithFakeFetch();

/** Every lookup call of `role` answers 404: the registry number is of no business in the directory. */
function nothingUnder(role: 'admin' | 'master') {
  for (const family of FAMILIES)
    fake().on(`GET /${role}/business-${family}/api/v1/business-${family}/registry/${REGISTRY}`, notFound);
}

const trashCalls = () => fake().calls.filter((call) => call.path.startsWith('/master/business-trash/'));

describe('Gestionar Contenido: a registry number that is of no business', () => {
  it('for the master, a business in the trash: its name, who deleted it, when, and Ver en la Papelera', async () => {
    nothingUnder('master');
    // The search also matches parts of other registry numbers: only this one counts.
    fake().on(TRASH, trashPage(trashed('REG0000410'), trashed(REGISTRY)));
    renderLookup(REGISTRY);

    expect(await screen.findByRole('heading', { name: 'Este negocio está en la papelera' })).toBeTruthy();
    expect(screen.getByText(/«Panadería La Esquina» \(REG000041\) fue eliminado\./)).toBeTruthy();
    expect(screen.getByText(/Eliminado por Usuario maestro el/)).toBeTruthy();
    // The reader's own time zone: at 15:30 UTC it is the 20th from UTC-12 to UTC+8.
    const when = screen.getByText(/^20 nov\.? 2026/);
    expect(when.tagName).toBe('TIME');
    expect(when.getAttribute('datetime')).toBe('2026-11-20T15:30:00Z');
    expect(screen.getByRole('link', { name: 'Ver en la Papelera' }).getAttribute('href')).toBe(
      `/admin-dashboard?tab=papelera&q=${REGISTRY}`,
    );
    expect(screen.queryByText('ESTE NEGOCIO NO ESTÁ REGISTRADO')).toBeNull();
    expect(trashCalls().map((call) => call.path)).toEqual([
      `/master/business-trash/api/v1/business-trash?search=${REGISTRY}&limit=20&offset=0`,
    ]);
  });

  it('for the master, not in the trash either: the not-registered banner', async () => {
    nothingUnder('master');
    fake().on(TRASH, trashPage(trashed('REG0000410')));
    renderLookup(REGISTRY);

    expect(await screen.findByText('ESTE NEGOCIO NO ESTÁ REGISTRADO')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Este negocio está en la papelera' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Ver en la Papelera' })).toBeNull();
    expect(trashCalls()).toHaveLength(1);
  });

  it('for an admin, who cannot see the trash: the not-registered banner, and the trash is not asked', async () => {
    sessionStore.signIn(adminSession());
    nothingUnder('admin');
    renderLookup(REGISTRY);

    expect(await screen.findByText('ESTE NEGOCIO NO ESTÁ REGISTRADO')).toBeTruthy();
    expect(
      screen.getByText(`El número de registro "${REGISTRY}" no se encontró en la base de datos.`),
    ).toBeTruthy();
    expect(trashCalls()).toEqual([]);
  });
});
