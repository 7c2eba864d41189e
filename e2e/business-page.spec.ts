// The business page: /negocios/<registro> on the seeded server. The header and every section show
// the business's data (read from the API, not from the page's code), an unknown registry shows the
// not-found state with the way back, a deleted one tells the master it is in the trash (with its
// history), an admin has no 'Eliminar' and no 'Auditoría', the history's tiles leave their placeholders
// when its read fails (a 503 says in Spanish that the service is unavailable), at 390 px the section
// strip's arrow reaches 'Auditoría', and axe finds no serious or critical violation on any section at
// 1440 and 390 px. E2E_SHOTS_DIR keeps screenshots.
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe-scan.ts';
import { registerBusiness, type TestBusiness } from './support/businesses.ts';
import { SEEDED_BASE_URL } from './support/env.ts';
import { type SeededBusiness, seededBusinessWithEverything } from './support/seeded-business.ts';
import { createAdmin, masterApi, signInAsMaster, signInThroughScreen } from './support/staff.ts';

test.use({ baseURL: SEEDED_BASE_URL });

const PAGE_API = '/master/business-page/api/v1/business-page/registry';
const PRODUCTS = '/master/business-products/api/v1/business-products/registry';

interface FirstPaint {
  business: { business_email: string; business_owner: string };
  locations: { location_city: string; location_main: boolean }[];
  counts: { products: number };
}

let seeded: SeededBusiness;
let firstPaint: FirstPaint;
let productName: string;

test.beforeAll(async () => {
  seeded = await seededBusinessWithEverything();
  const { api, headers } = await masterApi(SEEDED_BASE_URL);
  try {
    const answer = await api.get(`${PAGE_API}/${seeded.registry}`, { headers });
    expect(answer.status()).toBe(200);
    firstPaint = (await answer.json()) as FirstPaint;
    const products = await api.get(`${PRODUCTS}/${seeded.registry}?limit=1`, { headers });
    productName = ((await products.json()) as { products: { product_item: string }[] }).products[0]
      ?.product_item as string;
  } finally {
    await api.dispose();
  }
});

const nav = (page: Page) => page.getByRole('navigation', { name: 'Secciones del negocio' });
const openSection = async (page: Page, label: string) => {
  await nav(page).getByRole('link', { name: label, exact: true }).click();
  await expect(nav(page).getByRole('link', { name: label, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
};

test('the master sees the header and the data of every section', async ({ page }) => {
  await signInAsMaster(page);
  await page.goto(`/negocios/${seeded.registry}`);
  await expect(page.getByRole('heading', { level: 1, name: seeded.name })).toBeVisible();
  const header = page.getByRole('region', { name: seeded.name });
  await expect(header.getByText(seeded.registry, { exact: true })).toBeVisible();
  await expect(header.getByText(firstPaint.business.business_owner, { exact: true })).toBeVisible();
  await expect(header.getByText(/^(Verificado|Parcialmente Verificado|No Verificado)$/)).toBeVisible();
  for (const action of ['Gestionar Verificación', 'Actualizar Email', 'Eliminar']) {
    await expect(header.getByRole('button', { name: action })).toBeVisible();
  }
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await header.getByRole('button', { name: `Copiar número de registro ${seeded.registry}` }).click();
  await expect(header.getByRole('status')).toHaveText('Copiado');

  // Resumen: contact, locations (main first) and the content counts.
  await expect(page.getByText(firstPaint.business.business_email)).toBeVisible();
  const main = firstPaint.locations.find((location) => location.location_main);
  if (main) await expect(page.getByText(main.location_city, { exact: false }).first()).toBeVisible();
  const productsTile = page.getByRole('link', { name: /^Productos/ });
  await expect(productsTile).toContainText(new Intl.NumberFormat('es-PR').format(firstPaint.counts.products));

  // The Contenido link of a count opens the section at its own address.
  await productsTile.click();
  await expect(page).toHaveURL(new RegExp(`/negocios/${seeded.registry}/contenido$`));
  await expect(page.getByRole('heading', { name: 'Estadísticas de productos' })).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Productos por rango de precio' })).toContainText(
    'Menos de $10',
  );
  await expect(page.getByText(productName).first()).toBeVisible();

  await openSection(page, 'Historial');
  await expect(page).toHaveURL(/\/historial$/);
  await expect(page.getByRole('button', { name: 'Exportar', exact: true })).toBeVisible();
  await expect(page.getByText('Total de registros')).toBeVisible();

  await openSection(page, 'Suscripción');
  await expect(page.getByRole('region', { name: 'Detalles de la Suscripción' })).toBeVisible();
  await expect(page.getByText('Historial de Facturación').first()).toBeVisible();

  await openSection(page, 'Acceso');
  await expect(page.getByRole('heading', { name: 'Historial de Cambios de Acceso' })).toBeVisible();

  await openSection(page, 'Auditoría');
  await expect(
    page.getByText(/Sin acciones registradas|Acciones del personal sobre este negocio/).first(),
  ).toBeVisible();

  // A reload keeps the section: it is in the URL.
  await page.reload();
  await expect(nav(page).getByRole('link', { name: 'Auditoría' })).toHaveAttribute('aria-current', 'page');
});

test('an unknown registry shows the not-found state and the way back', async ({ page }) => {
  await signInAsMaster(page);
  await page.goto('/negocios/REG999999999');
  await expect(page.getByRole('heading', { name: 'Negocio no encontrado' })).toBeVisible();
  await expect(page.getByText('REG999999999')).toBeVisible();
  await page.getByRole('link', { name: 'Volver al directorio' }).click();
  await expect(page).toHaveURL(/\/admin-dashboard/);
});

/** A new business on the seeded server, deleted by the master: it waits in the trash. */
async function trashedBusiness(): Promise<TestBusiness> {
  const business = await registerBusiness({}, SEEDED_BASE_URL);
  const { api, headers } = await masterApi(SEEDED_BASE_URL);
  try {
    const response = await api.delete(`/master/business-deletion/${business.registry}`, { headers });
    expect(response.status(), await response.text()).toBe(200);
  } finally {
    await api.dispose();
  }
  return business;
}

test("a deleted business's page tells the master it is in the trash, with its history", async ({ page }) => {
  const business = await trashedBusiness();
  await signInAsMaster(page);
  await page.goto(`/negocios/${business.registry}`);
  await expect(page.getByRole('heading', { name: 'Este negocio está en la papelera' })).toBeVisible();
  await expect(page.getByText(`«${business.name}» (${business.registry}) fue eliminado.`)).toBeVisible();
  await expect(page.getByText(/^Eliminado por .+ el .+\)\.$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Historial de Cambios' })).toBeVisible();
  await expect(page.getByText('Total de registros')).toBeVisible();
  expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

  await page.getByRole('link', { name: 'Ver en la Papelera' }).click();
  await expect(page).toHaveURL(/\/admin-dashboard\?tab=papelera&q=/);
  await expect(page.getByRole('searchbox', { name: 'Buscar en la papelera' })).toHaveValue(business.registry);
  await expect(page.getByText(business.registry).filter({ visible: true })).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Restaurar ${business.name}` }).filter({ visible: true }),
  ).toBeVisible();
});

test("a deleted business's page is not found for an admin, with the way back", async ({ page }) => {
  const business = await trashedBusiness();
  const admin = await createAdmin('active', SEEDED_BASE_URL);
  await signInThroughScreen(page, admin.email, admin.password);
  await page.goto(`/negocios/${business.registry}`);
  await expect(page.getByRole('heading', { name: 'Negocio no encontrado' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver en la Papelera' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Volver al directorio' }).click();
  await expect(page).toHaveURL(/\/admin-dashboard/);
});

test('an admin sees no Eliminar and no Auditoría; its address shows the restricted page', async ({
  page,
}) => {
  const admin = await createAdmin('active', SEEDED_BASE_URL);
  await signInThroughScreen(page, admin.email, admin.password);
  await page.goto(`/negocios/${seeded.registry}/auditoria`);
  await expect(page.getByRole('heading', { level: 1, name: seeded.name })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Acceso Restringido' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/negocios/${seeded.registry}/auditoria$`));
  await nav(page).getByRole('link', { name: 'Resumen' }).click();
  await expect(nav(page).getByRole('link', { name: 'Resumen' })).toHaveAttribute('aria-current', 'page');
  await expect(nav(page).getByRole('link', { name: 'Auditoría' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Gestionar Verificación' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);
});

const CHANGE_LOGS = /\/business-change-logs\/registry\/[^/?]+(\?|$)/;
const shots = process.env.E2E_SHOTS_DIR;

// The 503s a history read can get: the server's error handler with its database down, and Fastify's
// own answer, word for word, to any request while the server shuts down.
const UNAVAILABLE_ANSWERS = [
  [
    1440,
    'database down',
    { success: false, error: 'Service temporarily unavailable', request_id: 'e2e-503' },
  ],
  [
    390,
    'server shutting down',
    { error: 'Service Unavailable', message: 'Service Unavailable', statusCode: 503 },
  ],
] as const;

for (const [width, cause, body] of UNAVAILABLE_ANSWERS) {
  test(`a history read answered 503 (${cause}) says the service is unavailable, not endless tiles; Reintentar brings the figures (${width}px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsMaster(page);
    await page.route(CHANGE_LOGS, (route) => route.fulfill({ status: 503, json: body }));
    await page.goto(`/negocios/${seeded.registry}/historial`);
    const failure = page.getByRole('alert').filter({ hasText: 'Error al cargar historial' });
    await expect(failure).toContainText(
      'El servicio no está disponible en este momento. Intente de nuevo en unos minutos.',
    );
    await expect(failure).not.toContainText('inesperado');
    await expect(page.getByText('Total de registros')).toHaveCount(0);
    await expect(page.getByText(/^Cargando/)).toHaveCount(0);
    if (shots) await page.screenshot({ path: `${shots}/historial-error-${width}.png`, fullPage: true });

    await page.unroute(CHANGE_LOGS);
    await failure.getByRole('button', { name: 'Reintentar' }).click();
    await expect(failure).toHaveCount(0);
    await expect(page.getByText('Total de registros').locator('visible=true')).toBeVisible();
    await expect(page.getByText(/^Cargando/)).toHaveCount(0);
  });
}

test.describe('the section strip at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("shows that more sections exist; its arrow reaches 'Auditoría'", async ({ page }) => {
    await signInAsMaster(page);
    await page.goto(`/negocios/${seeded.registry}`);
    const more = nav(page).getByRole('button', { name: 'Ver más pestañas' });
    const audit = nav(page).getByRole('link', { name: 'Auditoría' });
    await expect(more).toBeVisible();
    await expect(nav(page).getByRole('button', { name: 'Ver pestañas anteriores' })).toHaveCount(0);
    await expect(audit).not.toBeInViewport();
    if (shots) await page.screenshot({ path: `${shots}/strip-390.png` });
    for (let step = 0; step < 6 && (await more.count()) > 0; step += 1) {
      await more.click();
      await page.waitForTimeout(400);
    }
    await expect(audit).toBeInViewport({ ratio: 0.95 });
    await expect(more).toHaveCount(0);
    await expect(nav(page).getByRole('button', { name: 'Ver pestañas anteriores' })).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/strip-390-end.png` });
    await audit.click();
    await expect(audit).toHaveAttribute('aria-current', 'page');
  });

  test("an address of a far section scrolls it into view ('Auditoría')", async ({ page }) => {
    await signInAsMaster(page);
    await page.goto(`/negocios/${seeded.registry}/auditoria`);
    const audit = nav(page).getByRole('link', { name: 'Auditoría' });
    await expect(audit).toHaveAttribute('aria-current', 'page');
    await expect(audit).toBeInViewport({ ratio: 0.95 });
    if (shots) await page.screenshot({ path: `${shots}/strip-390-auditoria.png` });
  });
});

const SECTIONS = ['', 'historial', 'contenido', 'suscripcion', 'acceso', 'auditoria'];
const READY: Record<string, RegExp> = {
  '': /Contacto/,
  historial: /Total de registros/,
  contenido: /Estadísticas de productos/,
  suscripcion: /Historial de Facturación/,
  acceso: /Historial de Cambios de Acceso/,
  auditoria: /Sin acciones registradas|Fecha/,
};

for (const width of [1440, 390]) {
  test(`axe finds no serious violation on any section at ${width}px`, async ({ browser }) => {
    test.setTimeout(180_000); // six sections, each scanned by axe
    const context = await browser.newContext({ baseURL: SEEDED_BASE_URL, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await signInAsMaster(page);
    const findings: string[] = [];
    for (const section of SECTIONS) {
      await page.goto(`/negocios/${seeded.registry}${section ? `/${section}` : ''}`);
      await expect(page.getByRole('heading', { level: 1, name: seeded.name })).toBeVisible();
      // The one on screen: at 390 px the header's facts ('Fecha de registro') are folded away.
      await expect(
        page
          .getByText(READY[section] as RegExp)
          .locator('visible=true')
          .first(),
      ).toBeVisible();
      await expect(page.getByText(/^Cargando/)).toHaveCount(0);
      if (shots)
        await page.screenshot({ path: `${shots}/${section || 'resumen'}-${width}.png`, fullPage: true });
      findings.push(
        ...(await seriousViolations(page, { withoutToasts: true })).map((f) => `${section}: ${f}`),
      );
    }
    expect(findings).toEqual([]);
    await context.close();
  });
}
