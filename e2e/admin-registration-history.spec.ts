// The registration history: rows as the server records them (the time and day in Puerto Rico,
// 'Usuario maestro' for the master), the client-side search, paging and the cards of a small screen.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe-scan.ts';
import { BASE_URL } from './support/env.ts';
import { masterApi, signInAsMaster, uniqueEmail } from './support/staff.ts';

const ADMINS_PATH = '/master/registration/api/v1/admin-registration';
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) E2E-Registro/1.0';

interface RegistrationRecord {
  admin_id: number;
  admin_first_name: string;
  admin_last_name: string;
  admin_email: string;
  master_user: string;
  registration_time: string;
  ip_address: string | null;
  user_agent: string | null;
  created_at: string;
}

// The browser's time zone (playwright.config.ts): every date of the portal is shown in it.
const PORTAL_ZONE = 'America/Puerto_Rico';

/** 'HH:MM:SS' of the registration in Puerto Rico, as the HORA column shows it. */
function shownTime(record: RegistrationRecord): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: PORTAL_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(record.created_at));
}

/** The day of the registration in Puerto Rico, as the FECHA column shows it. */
function shownDate(record: RegistrationRecord): string {
  return new Intl.DateTimeFormat('es-PR', {
    timeZone: PORTAL_ZONE,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(new Date(record.created_at));
}

let counter = 0;
/** A surname of letters only that no other test uses. */
function uniqueSurname(): string {
  counter += 1;
  const letters = (Date.now() * 100 + process.pid * 10 + counter).toString(26);
  return `Registro${[...letters].map((char) => String.fromCharCode(97 + Number.parseInt(char, 26))).join('')}`;
}

async function registerThroughApi(
  api: APIRequestContext,
  headers: Record<string, string>,
  lastName: string,
): Promise<RegistrationRecord> {
  const created = await api.post(ADMINS_PATH, {
    headers: { ...headers, 'User-Agent': USER_AGENT },
    data: {
      admin_first_name: 'Histórico',
      admin_last_name: lastName,
      admin_email: uniqueEmail('historial'),
      admin_phone: '7875550199',
      admin_password: 'Segura#2026',
      access_status: 'pending',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { admin_id: adminId } = (await created.json()) as { admin_id: number };
  const record = await api.get(`${ADMINS_PATH}/${adminId}/registration`, { headers });
  expect(record.status()).toBe(200);
  return ((await record.json()) as { registration: RegistrationRecord }).registration;
}

/** A new admin registered by the master, and its registration record. */
async function oneRegistration(): Promise<RegistrationRecord> {
  const { api, headers } = await masterApi(BASE_URL);
  try {
    return await registerThroughApi(api, headers, uniqueSurname());
  } finally {
    await api.dispose();
  }
}

test.describe('Historial de Registros (master)', () => {
  test('finds a new registration with its details, searches, and pages by ten', async ({ page }) => {
    const { api, headers } = await masterApi(BASE_URL);
    let record: RegistrationRecord;
    try {
      record = await registerThroughApi(api, headers, uniqueSurname());
      // Enough rows for a second page, whatever the other tests have made.
      const list = await api.get(`${ADMINS_PATH}/registrations`, { headers, params: { page_size: 1 } });
      const total = ((await list.json()) as { pagination: { totalRecords: number } }).pagination.totalRecords;
      const missing = Math.max(0, 11 - total);
      await Promise.all(
        Array.from({ length: missing }, () => registerThroughApi(api, headers, uniqueSurname())),
      );
    } finally {
      await api.dispose();
    }

    await signInAsMaster(page);
    await page.goto('/admin-registration-history');
    await expect(page.getByRole('heading', { level: 1, name: /^Historial de Registros/ })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(11); // header + 10
    await expect(page.getByRole('navigation', { name: 'Paginación' })).toContainText(/Página 1 de \d+/);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Página 2', exact: true }).click();
    await expect(page).toHaveURL(/page=2/);
    // 'Mostrando 11-20 de …', or 'Mostrando 11 de 11' when the second page has one row.
    await expect(page.getByText(/^Mostrando 11(-| de )/)).toBeVisible();

    // The search looks at the surname and the email; the row shows what the server recorded, its
    // time and day in Puerto Rico (the server's registration_time is UTC) and the master in Spanish.
    const search = page.getByLabel('Buscar registros');
    await search.fill(record.admin_last_name.toUpperCase());
    await expect(page).not.toHaveURL(/page=2/);
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = table.getByRole('row').nth(1);
    await expect(row).toContainText(`${record.admin_first_name} ${record.admin_last_name}`);
    await expect(row).toContainText(record.admin_email);
    expect(record.master_user).toBe('Master User');
    await expect(row.getByRole('cell', { name: 'Usuario maestro', exact: true })).toBeVisible();
    await expect(row).not.toContainText('Master User');
    await expect(row.getByRole('cell', { name: shownTime(record), exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: shownDate(record), exact: true })).toBeVisible();
    const shots = process.env.E2E_SHOTS_DIR;
    if (shots) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.screenshot({ path: `${shots}/history-1440.png`, fullPage: true });
    }
    if (record.ip_address) await expect(row).toContainText(record.ip_address);

    // The user agent is cut at 25 characters; the whole of it on hover and on focus.
    const userAgent = record.user_agent ?? '';
    expect(userAgent).toBe(USER_AGENT);
    const trigger = row.getByRole('button', { name: userAgent });
    // What shows is the cut text; the whole one is only for assistive technology until hovered.
    await expect(trigger.locator('[aria-hidden="true"]')).toHaveText(`${userAgent.slice(0, 25)}...`);
    await trigger.hover();
    await expect(page.getByRole('tooltip')).toHaveText(userAgent);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await trigger.focus();
    await expect(page.getByRole('tooltip')).toHaveText(userAgent);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await search.fill(record.admin_email);
    await expect(table.getByRole('row')).toHaveCount(2);
    // 'maestro', the word shown, finds the master's rows as 'master' did.
    await search.fill(`${record.admin_last_name} maestro`);
    await expect(table.getByRole('row')).toHaveCount(2);

    // Nothing matches: the no-results state, and a way back to everything.
    await search.fill('zz-ningun-registro-coincide');
    await expect(page.getByRole('heading', { name: 'No se encontraron registros' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Limpiar búsqueda' }).first().click();
    await expect(table.getByRole('row')).toHaveCount(11);
  });

  test('below 768 px each registration is a card', async ({ page }) => {
    const record = await oneRegistration();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsMaster(page);
    await page.goto(`/admin-registration-history?q=${encodeURIComponent(record.admin_email)}`);
    await expect(page.getByRole('table')).toBeHidden();
    const cards = page.getByRole('list', { name: 'Registros de administradores' }).getByRole('listitem');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(record.admin_last_name);
    await expect(cards.first()).toContainText(shownTime(record));
    await expect(cards.first()).toContainText('Usuario maestro');
    const shots = process.env.E2E_SHOTS_DIR;
    if (shots) await page.screenshot({ path: `${shots}/history-390.png`, fullPage: true });
    const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(scrolls).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a failed load says so and offers Reintentar', async ({ page }) => {
    await signInAsMaster(page);
    let fail = true;
    await page.route('**/admin-registration/registrations*', async (route) => {
      if (fail) {
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ success: false, error: 'Failed to get registration history' }),
        });
      } else {
        await route.continue();
      }
    });
    await page.goto('/admin-registration-history');
    const retry = page.getByRole('button', { name: 'Reintentar' });
    await expect(retry).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('alert')).toContainText('No se pudo cargar el historial de registros.');
    fail = false;
    await retry.click();
    await expect(
      page.getByRole('table').or(page.getByRole('heading', { name: 'Sin registros' })),
    ).toBeVisible();
  });

  test("a failed 'Actualizar' keeps the rows shown, with an alert above them and Reintentar", async ({
    page,
  }) => {
    const record = await oneRegistration();
    await signInAsMaster(page);
    await page.goto(`/admin-registration-history?q=${encodeURIComponent(record.admin_email)}`);
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(2);

    let fail = true;
    await page.route('**/admin-registration/registrations*', async (route) => {
      if (fail) await route.abort('connectionrefused');
      else await route.continue();
    });
    await page.getByRole('button', { name: 'Actualizar' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'No se pudo actualizar el historial' });
    await expect(alert).toContainText('Error de conexión. Por favor intente nuevamente.');
    await expect(table.getByRole('row').nth(1)).toContainText(record.admin_last_name);
    const shots = process.env.E2E_SHOTS_DIR;
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      if (shots)
        await page.screenshot({ path: `${shots}/history-refresh-failed-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    }

    fail = false;
    await alert.getByRole('button', { name: 'Reintentar' }).click();
    await expect(alert).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Registros de administradores' })).toContainText(
      record.admin_last_name,
    );
  });
});
