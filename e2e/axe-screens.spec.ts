// axe on every screen and state, signed in as master, at 1440 and 390 px, on the demo-data server:
// the login screen, each dashboard tab with its prompt, results, empty and error states, the
// standalone pages, the header menus and the restricted page. Zero serious or critical violations
// and every form field named. The modals are in axe-modals.spec.ts.
import { type BrowserContext, expect, type Page, type Route, test } from '@playwright/test';
import { AxeScanner } from './support/axe-scan.ts';
import { registerBusiness, type TestBusiness, withMasterApi } from './support/businesses.ts';
import { MASTER_IDENTIFIER, SEEDED_BASE_URL } from './support/env.ts';
import { type SeededBusiness, seededBusinessWithEverything } from './support/seeded-business.ts';
import { createAdmin, fillLogin, signInAsMaster, signInThroughScreen, uniqueEmail } from './support/staff.ts';

const ACCESS = '/business-access/api/v1/business-access';
const UNKNOWN_REGISTRY = 'REG999999999';
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name }).first();

/** Types a registry number into the tab's 'Número de registro' box and runs the search. */
async function lookUp(page: Page, registry: string) {
  await page.getByLabel('Número de registro').fill(registry);
  await page.getByLabel('Número de registro').press('Enter');
}

/** Answers the calls matching `pattern` with a 500 until the returned function is called. */
async function failRequests(page: Page, pattern: RegExp, error: string) {
  const handler = (route: Route) => route.fulfill({ status: 500, json: { success: false, error } });
  await page.route(pattern, handler);
  return () => page.unroute(pattern, handler);
}

async function loginStates(page: Page, axe: AxeScanner) {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
  await axe.scan('login, admin variant');
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page.getByText('La contraseña es requerida')).toBeVisible();
  await axe.scan('login, required-field errors');
  await fillLogin(page, uniqueEmail('nadie'), 'Equivocada#2026');
  await expect(page.getByRole('alert').filter({ hasNotText: /requerid/ })).toBeVisible();
  await axe.scan('login, server error banner');
  await page.getByRole('button', { name: '¿Olvidó su contraseña?' }).click();
  await expect(page.getByRole('region', { name: '¿Olvidó su contraseña?' })).toBeVisible();
  await axe.scan('login, forgot-password panel');
  await page.getByRole('button', { name: 'Volver al inicio de sesión' }).click();
  await page.getByLabel('Correo Electrónico').fill(MASTER_IDENTIFIER);
  await expect(page.getByRole('button', { name: 'Acceso Maestro' })).toBeVisible();
  await axe.scan('login, master variant');
}

async function headerMenus(page: Page, axe: AxeScanner, width: number) {
  if (width >= 768) {
    // A click while the header is still settling after sign-in can miss: open until the menu shows.
    await expect(async () => {
      await page.getByRole('button', { name: /^Usuario maestro/ }).click();
      await expect(page.getByRole('menuitem', { name: 'Cerrar Sesión Master' })).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 20_000 });
    await axe.scan('header, user menu open');
    await page.keyboard.press('Escape');
  } else {
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(page.getByRole('button', { name: 'Cerrar Sesión Master' })).toBeVisible();
    await axe.scan('header, mobile menu open');
    await page.getByRole('button', { name: 'Cerrar menú' }).click();
  }
}

async function directoryStates(page: Page, axe: AxeScanner) {
  await page.goto('/admin-dashboard');
  await expect(heading(page, 'Directorio de Negocios')).toBeVisible();
  await expect(page.getByText(/^Mostrando 1-10 de/)).toBeVisible();
  await axe.scan('directory, first page');
  await page.getByRole('button', { name: 'Filtros' }).click();
  await expect(page.getByRole('button', { name: 'Aplicar Filtros' })).toBeVisible();
  await axe.scan('directory, filter panel open');
  await page.getByRole('combobox', { name: 'Categoría' }).fill('Caf');
  await expect(page.getByRole('listbox')).toBeVisible();
  await axe.scan('directory, category list open');
  await page.goto('/admin-dashboard?tab=buscar&q=zzqxjnoexiste');
  await expect(heading(page, 'No se encontraron negocios')).toBeVisible();
  await axe.scan('directory, no results');
  const restore = await failRequests(
    page,
    /\/business-data\/api\/v1\/business-data\?/,
    'Failed to fetch businesses',
  );
  await page.goto('/admin-dashboard?tab=buscar&q=error');
  // After the portal's own retries of the failed call.
  await expect(page.getByRole('alert').filter({ hasText: 'No se pudo cargar el directorio' })).toBeVisible({
    timeout: 20_000,
  });
  await axe.scan('directory, load error');
  await restore();
}

async function contentStates(page: Page, axe: AxeScanner, seeded: SeededBusiness) {
  await page.goto('/admin-dashboard?tab=contenido');
  await expect(heading(page, 'Gestión de Contenido de Negocios')).toBeVisible();
  await axe.scan('content, prompt');
  await lookUp(page, seeded.registry);
  await expect(page.getByRole('region', { name: seeded.name })).toBeVisible();
  for (const section of ['Productos', 'Servicios', 'Empleados', 'Eventos']) {
    const toggle = page.getByRole('button', { name: new RegExp(`^${section}\\b`) });
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }
  await axe.scan('content, business with every section open');
  await lookUp(page, UNKNOWN_REGISTRY);
  await expect(page.getByRole('alert').filter({ hasText: 'ESTE NEGOCIO NO ESTÁ REGISTRADO' })).toBeVisible();
  await axe.scan('content, not registered');
}

async function subscriptionStates(page: Page, axe: AxeScanner, seeded: SeededBusiness, bare: string) {
  await page.goto('/admin-dashboard?tab=suscripciones');
  await expect(page.getByLabel('Número de registro')).toBeVisible();
  await axe.scan('subscriptions, prompt');
  await lookUp(page, seeded.registry);
  await expect(page.getByRole('region', { name: 'Detalles de la Suscripción' })).toBeVisible();
  await expect(page.getByText('Historial de Facturación').first()).toBeVisible();
  await axe.scan('subscriptions, subscription and billing history');
  await lookUp(page, bare);
  await expect(heading(page, 'Sin Suscripción Activa')).toBeVisible();
  await expect(heading(page, 'Sin Historial de Facturación')).toBeVisible();
  await axe.scan('subscriptions, none');
  await lookUp(page, UNKNOWN_REGISTRY);
  await expect(page.getByText('NEGOCIO NO ENCONTRADO')).toBeVisible();
  await axe.scan('subscriptions, not found');
}

async function accessStates(page: Page, axe: AxeScanner, bare: string, withAccess: string) {
  await page.goto('/admin-dashboard?tab=acceso');
  await expect(heading(page, 'Busque un negocio')).toBeVisible();
  await axe.scan('access, prompt');
  await lookUp(page, bare);
  await page.getByRole('button', { name: 'Crear Acceso por Defecto' }).click();
  await expect(heading(page, 'Sin Controles de Acceso')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Crear Acceso Maestro' })).toBeVisible();
  await axe.scan('access, no controls with the create options');
  await lookUp(page, withAccess);
  await expect(page.getByRole('switch', { name: 'CÓDIGOS QR' })).toBeVisible();
  await axe.scan('access, master card and history');
  await lookUp(page, UNKNOWN_REGISTRY);
  await expect(page.getByText('NEGOCIO NO ENCONTRADO')).toBeVisible();
  await axe.scan('access, not found');
}

async function registrationStates(page: Page, axe: AxeScanner) {
  await page.goto('/admin-dashboard?tab=registrar');
  await expect(heading(page, 'Registrar Nuevo Negocio')).toBeVisible();
  await axe.scan('register business, empty form');
  await page.getByRole('button', { name: 'Registrar Negocio' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await axe.scan('register business, required-field errors');

  await page.goto('/admin-dashboard?tab=registrar-admin');
  await expect(heading(page, 'Registrar Nuevo Administrador')).toBeVisible();
  await axe.scan('register admin, empty form');
  await page.getByRole('button', { name: 'Registrar Administrador' }).click();
  await expect(page.getByText('El nombre es requerido')).toBeVisible();
  await axe.scan('register admin, required-field errors');
}

async function approvalStates(page: Page, axe: AxeScanner) {
  await page.goto('/admin-dashboard?tab=aprobar-admins&estado=all');
  await expect(heading(page, 'Aprobar Admins')).toBeVisible();
  await expect(page.getByRole('checkbox').first()).toBeVisible();
  await axe.scan('approve admins, list');
  await page.getByLabel('Buscar administradores').fill('zzqxjnoexiste');
  await expect(heading(page, 'Sin resultados')).toBeVisible();
  await axe.scan('approve admins, no results');
  const restore = await failRequests(
    page,
    /\/api\/v1\/admin-registration\?/,
    'Failed to list admin accounts',
  );
  await page.reload();
  await expect(
    page.getByRole('alert').filter({ hasText: 'No se pudieron cargar las cuentas de administrador.' }),
  ).toBeVisible();
  await axe.scan('approve admins, load error');
  await restore();
}

/** The 'Auditoría' tab, when this build has it. */
async function auditStates(page: Page, axe: AxeScanner) {
  await page.goto('/admin-dashboard');
  const tab = page.getByRole('tab', { name: /^Auditoría/ });
  if ((await tab.count()) === 0) return;
  await tab.click();
  await expect(page.getByRole('tabpanel').getByRole('heading').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await axe.scan('audit log');
}

async function standalonePages(page: Page, axe: AxeScanner) {
  const pages: [string, string | RegExp][] = [
    ['/business-data', 'Gestionar Contenido'],
    ['/business-registrations', 'Registrar Nuevo Negocio'],
    ['/master/admin-registration', 'Registrar Nuevo Administrador'],
    ['/admin-approval', 'Aprobar Admins'],
    ['/admin-registration-history', /^Historial de Registros/],
  ];
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await axe.scan(`standalone ${path}`);
  }
  await expect(page.getByRole('table').or(page.getByRole('list', { name: /Registros/ }))).toBeVisible();
  await page.getByLabel('Buscar registros').fill('zzqxjnoexiste');
  await expect(heading(page, 'No se encontraron registros')).toBeVisible();
  await axe.scan('registration history, no results');
  const restore = await failRequests(
    page,
    /\/admin-registration\/registrations\?/,
    'Failed to get registration history',
  );
  await page.goto('/admin-registration-history');
  await expect(
    page.getByRole('alert').filter({ hasText: 'No se pudo cargar el historial de registros.' }),
  ).toBeVisible();
  await axe.scan('registration history, load error');
  await restore();
}

for (const width of [1440, 390]) {
  // One browser context per width, signed in once; each group of screens is a test of its own.
  test.describe(`axe on every screen at ${width}px`, () => {
    test.describe.configure({ mode: 'serial', timeout: 180_000 });
    let context: BrowserContext;
    let page: Page;
    let axe: AxeScanner;
    let seeded: SeededBusiness;
    let bare: TestBusiness;
    let withAccess: TestBusiness;

    test.beforeAll(async ({ browser }) => {
      seeded = await seededBusinessWithEverything();
      bare = await registerBusiness({}, SEEDED_BASE_URL);
      withAccess = await registerBusiness({}, SEEDED_BASE_URL);
      await withMasterApi(async (api, headers) => {
        const made = await api.post(`/master${ACCESS}/registry/${withAccess.registry}/default?master=true`, {
          headers,
        });
        expect(made.status(), await made.text()).toBe(201);
      }, SEEDED_BASE_URL);
      // The demo data has no admins: one pending admin gives the approval list a row.
      await createAdmin('pending', SEEDED_BASE_URL);
      context = await browser.newContext({ baseURL: SEEDED_BASE_URL, viewport: { width, height: 900 } });
      page = await context.newPage();
      axe = new AxeScanner(page, `master, ${width}px`);
    });

    test.afterAll(async () => {
      console.log(axe.report());
      await context.close();
    });

    test('login screen', async () => {
      await loginStates(page, axe);
    });

    test('header menus and the directory', async () => {
      await signInAsMaster(page);
      await headerMenus(page, axe, width);
      await directoryStates(page, axe);
    });

    test('content, subscriptions and access', async () => {
      await contentStates(page, axe, seeded);
      await subscriptionStates(page, axe, seeded, bare.registry);
      await accessStates(page, axe, bare.registry, withAccess.registry);
    });

    test('registration forms, approval and audit', async () => {
      await registrationStates(page, axe);
      await approvalStates(page, axe);
      await auditStates(page, axe);
    });

    test('standalone pages', async () => {
      await standalonePages(page, axe);
    });
  });

  test(`axe on the restricted page, as an admin, at ${width}px`, async ({ browser }) => {
    test.setTimeout(90_000); // a sign-in through the screen and two full scans
    const admin = await createAdmin('active', SEEDED_BASE_URL);
    const context = await browser.newContext({ baseURL: SEEDED_BASE_URL, viewport: { width, height: 900 } });
    const page = await context.newPage();
    const axe = new AxeScanner(page, `admin, ${width}px`);
    await signInThroughScreen(page, admin.email, admin.password);
    await axe.scan('dashboard as admin');
    await page.goto('/admin-approval');
    await expect(page.getByRole('heading', { name: 'Acceso Restringido' })).toBeVisible();
    await axe.scan('restricted page');
    console.log(axe.report());
    await context.close();
  });
}
