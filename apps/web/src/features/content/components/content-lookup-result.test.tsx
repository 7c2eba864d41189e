import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInWithFakeFetch } from '../../../test/signed-in-with-fake-fetch.ts';
import { renderLookup } from './lookup-test-kit.tsx';

const REGISTRY = 'REG000041';
const api = (family: string) =>
  `GET /master/business-${family}/api/v1/business-${family}/registry/${REGISTRY}`;
const business = {
  id: 41,
  business_registry_number: REGISTRY,
  business_name: 'Panadería La Esquina',
  business_owner: 'Ana Rivera',
  business_email: 'esquina@example.com',
  business_phone: '7875550141',
  business_address: 'Calle Sol 1, San Juan',
  business_category: 'Panaderías',
  business_created_at: '2026-03-01T12:00:00Z',
};
const product = { id: 1, product_id: 'SKU-1', product_item: 'Pan sobao', product_price: 3.5 };
const failure = { status: 500, body: { success: false, message: 'Internal server error' } };
const empty = (family: string) => ({ status: 200, body: { success: true, [family]: [], total_count: 0 } });

const fake = signedInWithFakeFetch();

describe('Gestionar Contenido: a content list that did not load', () => {
  it('shows the section empty but says it did not load, and Reintentar reads it again', async () => {
    fake().on(api('data'), { status: 200, body: { success: true, business } });
    fake().on(api('products'), failure, {
      status: 200,
      body: { success: true, products: [product], total_count: 1 },
    });
    fake().on(api('services'), empty('services'));
    fake().on(api('employees'), empty('employees'));
    fake().on(api('events'), failure);
    renderLookup(REGISTRY);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('No se pudieron cargar las secciones Productos y Eventos')).toBeTruthy();
    expect(
      within(alert).getByText('Aparecen vacías, pero el negocio puede tener registros en ellas.'),
    ).toBeTruthy();
    expect(screen.getByText('No hay productos registrados')).toBeTruthy();

    fake().on(api('events'), failure);
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect((await screen.findAllByText('Pan sobao')).length).toBeGreaterThan(0);
    expect(await screen.findByText('No se pudo cargar la sección Eventos')).toBeTruthy();
    // Only the lists that failed were read again.
    expect(fake().calls.filter((call) => call.path.includes('/business-services/'))).toHaveLength(1);
  });

  it('says nothing of the kind when every list loaded, even empty', async () => {
    fake().on(api('data'), { status: 200, body: { success: true, business } });
    for (const family of ['products', 'services', 'employees', 'events'])
      fake().on(api(family), empty(family));
    renderLookup(REGISTRY);
    expect(await screen.findByText('No hay eventos registrados')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
