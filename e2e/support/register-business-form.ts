// Helpers of the 'Registrar Nuevo Negocio' e2e specs: fill the form, confirm, read what the server stored.
import { expect, type Page } from '@playwright/test';
import { BUSINESS_CATEGORIES } from '@portal/contract/categories';
import { ESTABLISHMENT_TYPES } from '@portal/contract/enums';
import type { BusinessLocation } from '@portal/contract/responses';
import type { z } from 'zod';
import { uniquePhone, withMasterApi } from './businesses.ts';
import { uniqueEmail } from './staff.ts';

// The label of a required field ends with an aria-hidden '*'.
export const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\*?$`));
export const submitButton = (page: Page) => page.getByRole('button', { name: 'Registrar Negocio' });

export async function openForm(page: Page) {
  await page.goto('/business-registrations');
  await expect(page.getByRole('heading', { name: 'Registrar Nuevo Negocio', level: 1 })).toBeVisible();
}

export interface FormData {
  name: string;
  year: string;
  category: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  zip: string;
  type: string;
  description: string;
}

export function newFormData(): FormData {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  return {
    name: `Colmado Prueba ${suffix}`,
    year: '2012',
    category: BUSINESS_CATEGORIES[7],
    firstName: 'José Ángel',
    lastName: 'Muñoz Güell',
    email: uniqueEmail('registro'),
    phone: uniquePhone(),
    address1: `Calle Luna ${suffix}`,
    address2: 'Local 3',
    city: 'Mayagüez',
    zip: '00680-1234',
    type: ESTABLISHMENT_TYPES[3],
    description: 'Negocio creado por la prueba de registro.',
  };
}

export async function pickCategory(page: Page, category: string) {
  const combobox = page.getByRole('combobox', { name: 'Categoría' });
  await combobox.fill(category.slice(0, 6));
  await page.getByRole('option', { name: category, exact: true }).click();
  await expect(combobox).toHaveValue(category);
}

export async function fillForm(page: Page, data: FormData) {
  await field(page, 'Nombre del negocio').fill(data.name);
  await field(page, 'Año de fundación').fill(data.year);
  await pickCategory(page, data.category);
  await field(page, 'Descripción').fill(data.description);
  await field(page, 'Nombre').fill(data.firstName);
  await field(page, 'Apellido').fill(data.lastName);
  await field(page, 'Correo electrónico').fill(data.email);
  await field(page, 'Número de teléfono').fill(data.phone);
  await field(page, 'Dirección').fill(data.address1);
  await field(page, 'Dirección secundaria').fill(data.address2);
  await field(page, 'Ciudad').fill(data.city);
  await field(page, 'Código postal').fill(data.zip);
  await field(page, 'Tipo de establecimiento').selectOption(data.type);
}

/** Confirms the registration and returns the registry number the success modal shows. */
export async function confirmAndReadRegistry(page: Page, data: FormData): Promise<string> {
  await submitButton(page).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmar Registro' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(data.name);
  await confirm.getByRole('button', { name: 'Confirmar Registro' }).click();
  const success = page.getByRole('dialog', { name: 'Registro Exitoso' });
  await expect(success).toBeVisible();
  await expect(success).toContainText(data.name);
  const registry = (await success.getByText(/^REG\d{6,}$/).textContent())?.trim() ?? '';
  expect(registry).toMatch(/^REG\d{6,}$/);
  return registry;
}

type StoredLocation = z.infer<typeof BusinessLocation>;

export async function storedBusiness(registry: string) {
  return withMasterApi(async (api, headers) => {
    const business = await api.get(`/master/business-data/api/v1/business-data/registry/${registry}`, {
      headers,
    });
    expect(business.status(), await business.text()).toBe(200);
    const locations = await api.get(
      `/master/business-registration/api/v1/business-registration/registry/${registry}/locations`,
      { headers },
    );
    expect(locations.status(), await locations.text()).toBe(200);
    return {
      business: ((await business.json()) as { business: Record<string, unknown> }).business,
      locations: ((await locations.json()) as { locations: StoredLocation[] }).locations,
    };
  });
}
