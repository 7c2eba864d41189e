// 'Gestionar Contenido': the business card and the four collapsible sections of a
// seeded business with every kind of content, the unregistered banner, the registry kept in the URL,
// the empty sections of a business made here, and axe on each state. Expected values come from the API.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe-scan.ts';
import { registerBusiness, type TestBusiness, withMasterApi } from './support/businesses.ts';
import { MASTER_IDENTIFIER, MASTER_PASSWORD, SEEDED_BASE_URL } from './support/env.ts';
import { masterApi, signInAsAdmin, signInAsMaster, signInThroughScreen } from './support/staff.ts';

interface Business {
  business_registry_number: string;
  business_name: string;
  business_owner: string;
  business_email: string;
  business_phone: string;
  business_category: string | null;
}
interface Content {
  products: { product_item: string; product_price: number | null }[];
  services: { service_name: string; service_category: string | null }[];
  employees: { employee_first_name: string; employee_last_name: string }[];
  events: { event_title: string; event_price: number | null }[];
  totals: Record<'products' | 'services' | 'employees' | 'events', number>;
}

const FAMILIES = ['products', 'services', 'employees', 'events'] as const;
const SECTIONS = { products: 'Productos', services: 'Servicios', employees: 'Empleados', events: 'Eventos' };
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const shots = process.env.E2E_SHOTS_DIR;

async function getJson<T>(api: APIRequestContext, headers: Record<string, string>, path: string) {
  const response = await api.get(path, { headers });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

async function contentOf(api: APIRequestContext, headers: Record<string, string>, registry: string) {
  const answers = await Promise.all(
    FAMILIES.map((family) =>
      getJson<Record<string, unknown> & { total_count: number }>(
        api,
        headers,
        `/master/business-${family}/api/v1/business-${family}/registry/${registry}?limit=100`,
      ),
    ),
  );
  const content = { totals: {} } as Content;
  FAMILIES.forEach((family, index) => {
    const answer = answers[index] as Record<string, unknown> & { total_count: number };
    (content as unknown as Record<string, unknown>)[family] = answer[family];
    content.totals[family] = answer.total_count;
  });
  return content;
}

/** A seeded business that has products, services, employees and events, with all of them. */
async function findBusinessWithAllContent(): Promise<{ business: Business; content: Content }> {
  const { api, headers } = await masterApi(SEEDED_BASE_URL);
  try {
    const { businesses } = await getJson<{ businesses: Business[] }>(
      api,
      headers,
      '/master/business-data/api/v1/business-data?limit=60',
    );
    for (let start = 0; start < businesses.length; start += 6) {
      const batch = businesses.slice(start, start + 6);
      const contents = await Promise.all(
        batch.map((business) => contentOf(api, headers, business.business_registry_number)),
      );
      const index = contents.findIndex((content) => FAMILIES.every((family) => content.totals[family] > 0));
      if (index >= 0) return { business: batch[index] as Business, content: contents[index] as Content };
    }
    throw new Error('no seeded business has every kind of content');
  } finally {
    await api.dispose();
  }
}

/** A registry number the seeded server does not know (checked through the API). */
async function unknownRegistry(): Promise<string> {
  const { api, headers } = await masterApi(SEEDED_BASE_URL);
  try {
    const registry = `REG${String(Date.now()).slice(-9)}`;
    const response = await api.get(`/master/business-data/api/v1/business-data/registry/${registry}`, {
      headers,
    });
    expect(response.status()).toBe(404);
    return registry;
  } finally {
    await api.dispose();
  }
}

const formatPhone = (digits: string) => `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
const section = (page: Page, family: keyof typeof SECTIONS) =>
  page.getByRole('region', { name: new RegExp(`^${SECTIONS[family]}`) });
const trigger = (page: Page, family: keyof typeof SECTIONS) =>
  page.getByRole('button', { name: new RegExp(`^${SECTIONS[family]}\\b`) });

async function search(page: Page, registry: string, how: 'enter' | 'click' = 'enter') {
  await page.getByLabel('Número de registro').fill(registry);
  if (how === 'enter') await page.getByLabel('Número de registro').press('Enter');
  else await page.getByRole('button', { name: 'Buscar' }).click();
}

test.describe('Gestionar Contenido on the demo data', () => {
  test.use({ baseURL: SEEDED_BASE_URL });

  let business: Business;
  let content: Content;
  test.beforeAll(async () => {
    ({ business, content } = await findBusinessWithAllContent());
  });

  test('the initial prompt before any search', async ({ page }) => {
    await signInThroughScreen(page, MASTER_IDENTIFIER, MASTER_PASSWORD);
    await page.getByRole('tab', { name: 'Gestionar Contenido' }).click();
    await expect(page.getByRole('heading', { name: 'Gestión de Contenido de Negocios' })).toBeVisible();
    await expect(page.getByLabel('Número de registro')).toHaveAttribute('placeholder', 'REG123456');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('shows the business card and every section with its count and items', async ({ page }) => {
    const registry = business.business_registry_number;
    await signInThroughScreen(page, MASTER_IDENTIFIER, MASTER_PASSWORD);
    await page.getByRole('tab', { name: 'Gestionar Contenido' }).click();
    await search(page, registry.toLowerCase());
    await expect(page).toHaveURL(new RegExp(`[?&]registro=${registry}`));
    await expect(page).toHaveURL(/[?&]tab=contenido/);
    const card = page.getByRole('region', { name: business.business_name });
    await expect(card).toContainText(registry);
    await expect(card).toContainText(business.business_owner);
    await expect(card).toContainText(business.business_email);
    await expect(card).toContainText(formatPhone(business.business_phone));
    if (business.business_category) await expect(card).toContainText(business.business_category);

    for (const family of FAMILIES) {
      await expect(trigger(page, family)).toHaveAttribute('aria-expanded', 'true');
      await expect(trigger(page, family)).toContainText(String(content.totals[family]));
    }
    for (const product of content.products) {
      await expect(section(page, 'products')).toContainText(product.product_item);
      if (product.product_price !== null)
        await expect(section(page, 'products')).toContainText(dollars.format(product.product_price));
    }
    for (const service of content.services)
      await expect(section(page, 'services')).toContainText(service.service_name);
    for (const employee of content.employees)
      await expect(section(page, 'employees')).toContainText(
        `${employee.employee_first_name} ${employee.employee_last_name}`,
      );
    for (const event of content.events) {
      await expect(section(page, 'events')).toContainText(event.event_title);
      if (event.event_price !== null)
        await expect(section(page, 'events')).toContainText(dollars.format(event.event_price));
    }
    expect(await seriousViolations(page)).toEqual([]);

    // Collapsible: closing one section hides its list and keeps the others.
    await trigger(page, 'products').click();
    await expect(trigger(page, 'products')).toHaveAttribute('aria-expanded', 'false');
    await expect(section(page, 'products')).toHaveCount(0);
    await expect(section(page, 'services')).toBeVisible();

    // The registry lives in the URL: a reload shows the same business.
    await page.reload();
    await expect(page.getByRole('region', { name: business.business_name })).toBeVisible();
    await expect(page.getByLabel('Número de registro')).toHaveValue(registry);
  });

  test('an unknown registry shows the unregistered banner; Back returns to the previous business', async ({
    page,
  }) => {
    const missing = await unknownRegistry();
    await signInThroughScreen(page, MASTER_IDENTIFIER, MASTER_PASSWORD);
    await page.goto('/business-data');
    await expect(page.getByRole('heading', { level: 1, name: 'Gestionar Contenido' })).toBeVisible();

    // An empty (blank) registry is refused next to the field.
    await search(page, '   ', 'click');
    await expect(page.getByLabel('Número de registro')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert')).not.toHaveText('');

    await search(page, business.business_registry_number);
    await expect(page.getByRole('region', { name: business.business_name })).toBeVisible();
    await search(page, missing, 'click');
    const banner = page.getByRole('alert').filter({ hasText: 'ESTE NEGOCIO NO ESTÁ REGISTRADO' });
    await expect(banner).toContainText(
      `El número de registro "${missing}" no se encontró en la base de datos.`,
    );
    await expect(page.getByRole('region', { name: business.business_name })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goBack();
    await expect(page.getByRole('region', { name: business.business_name })).toBeVisible();
    await expect(page.getByLabel('Número de registro')).toHaveValue(business.business_registry_number);
  });

  test('on a phone the items are cards and nothing scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInThroughScreen(page, MASTER_IDENTIFIER, MASTER_PASSWORD);
    await page.goto(`/business-data?registro=${business.business_registry_number}`);
    const list = page.getByRole('list', { name: 'Empleados' });
    await expect(list.getByRole('listitem')).toHaveCount(content.employees.length);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('Gestionar Contenido for a new business', () => {
  test('an admin sees every section empty with its message', async ({ page }) => {
    const business = await registerBusiness();
    await signInAsAdmin(page);
    await page.getByRole('tab', { name: 'Gestionar Contenido' }).click();
    await search(page, business.registry, 'click');
    await expect(page.getByRole('region', { name: business.name })).toContainText(business.email);
    for (const [family, message] of [
      ['products', 'No hay productos registrados'],
      ['services', 'No hay servicios registrados'],
      ['employees', 'No hay empleados registrados'],
      ['events', 'No hay eventos registrados'],
    ] as const) {
      await expect(trigger(page, family)).toContainText('0');
      await expect(section(page, family)).toContainText(message);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('Gestionar Contenido for a business in the trash', () => {
  let business: TestBusiness;
  test.beforeAll(async () => {
    business = await registerBusiness();
    await withMasterApi(async (api, headers) => {
      const response = await api.delete(`/master/business-deletion/${business.registry}`, { headers });
      expect(response.status(), await response.text()).toBe(200);
    });
  });

  for (const width of [1440, 390]) {
    test(`the master reads that it is in the trash, and 'Ver en la Papelera' finds it there at ${width}px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInAsMaster(page);
      await page.getByRole('tab', { name: 'Gestionar Contenido' }).click();
      await search(page, business.registry);
      await expect(page.getByRole('heading', { name: 'Este negocio está en la papelera' })).toBeVisible();
      await expect(page.getByText(`«${business.name}» (${business.registry}) fue eliminado.`)).toBeVisible();
      await expect(page.getByText(/^Eliminado por .+ el \d/)).toBeVisible();
      await expect(page.getByText('ESTE NEGOCIO NO ESTÁ REGISTRADO')).toHaveCount(0);
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
        .toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      if (shots) await page.screenshot({ path: `${shots}/contenido-papelera-${width}.png`, fullPage: true });

      await page.getByRole('link', { name: 'Ver en la Papelera' }).click();
      await expect(page).toHaveURL(/[?&]tab=papelera/);
      await expect(page.getByRole('button', { name: `Restaurar ${business.name}` })).toBeVisible();
    });
  }

  test('an admin, who cannot see the trash, reads that it is not registered', async ({ page }) => {
    await signInAsAdmin(page);
    await page.getByRole('tab', { name: 'Gestionar Contenido' }).click();
    await search(page, business.registry);
    await expect(
      page.getByRole('alert').filter({ hasText: 'ESTE NEGOCIO NO ESTÁ REGISTRADO' }),
    ).toContainText(`El número de registro "${business.registry}" no se encontró en la base de datos.`);
    await expect(page.getByRole('link', { name: 'Ver en la Papelera' })).toHaveCount(0);
  });
});
