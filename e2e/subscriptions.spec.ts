// 'Gestionar Suscripciones': a seeded business on Stripe, one on PayPal, one without a
// subscription, an unknown registry, the billing history as cards on a phone, and axe on each state.
// Businesses are found and expected values derived through the API of the demo-data server.
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe-scan.ts';
import { MASTER_IDENTIFIER, MASTER_PASSWORD, SEEDED_BASE_URL } from './support/env.ts';
import { masterApi, signInThroughScreen } from './support/staff.ts';

interface Details {
  current_amount?: number;
  plan_amount?: number;
  currency?: string;
  billing_interval?: string;
  subscription_id?: string;
  canceled_at?: string | null;
}
interface Subscription {
  subscription_provider: 'stripe' | 'paypal';
  subscription_tier: string;
  subscription_status: string;
  subscription_renews: boolean;
  stripe_details?: Details;
  paypal_details?: Details;
}
interface BillingItem {
  amount: number;
  currency: string;
  provider: string;
  tier: string;
  status: string;
}
interface Found {
  registry: string;
  name: string;
  subscription: Subscription | null;
  history: BillingItem[];
}

// SPEC §4: the Spanish status labels the card shows.
const STATUS_LABELS: Record<string, string> = {
  active: 'Activa',
  canceled: 'Cancelada',
  ended: 'Finalizada',
  past_due: 'Pago vencido',
  incomplete: 'Incompleta',
};
const PROVIDERS = { stripe: 'Stripe', paypal: 'PayPal' };
const SUBSCRIPTIONS = '/master/business-subscriptions/api/v1/business-subscriptions/registry';

const money = (cents: number, currency = 'usd') =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type Case = 'stripe' | 'paypal' | 'none' | 'active' | 'canceled';
const CASES: Case[] = ['stripe', 'paypal', 'none', 'active', 'canceled'];

/** Which cases a business stands for: its provider (or none), and active or cancelled with a date. */
function casesOf(subscription: Subscription | null): Case[] {
  if (!subscription) return ['none'];
  const details = (subscription.stripe_details ?? subscription.paypal_details ?? {}) as Details;
  const kinds: Case[] = [subscription.subscription_provider];
  if (subscription.subscription_status === 'active' && !details.canceled_at) kinds.push('active');
  if (details.canceled_at) kinds.push('canceled');
  return kinds;
}

/** The first seeded businesses on Stripe, on PayPal, without a subscription, active and cancelled. */
async function seededCases(): Promise<Record<Case, Found>> {
  const { api, headers } = await masterApi(SEEDED_BASE_URL);
  const get = (path: string) => api.get(path, { headers });
  try {
    const list = await get('/master/business-data/api/v1/business-data?limit=100');
    const { businesses } = (await list.json()) as {
      businesses: { business_registry_number: string; business_name: string }[];
    };
    const found: Partial<Record<Case, Found>> = {};
    for (const business of businesses) {
      const registry = business.business_registry_number;
      const answer = await get(`${SUBSCRIPTIONS}/${registry}`);
      const subscription =
        answer.status() === 200
          ? ((await answer.json()) as { subscription: Subscription }).subscription
          : null;
      if (!subscription) expect((await answer.json()).error).toContain('not found');
      const missing = casesOf(subscription).filter((kind) => !found[kind]);
      if (missing.length === 0) continue;
      const history = (await (await get(`${SUBSCRIPTIONS}/${registry}/history`)).json()) as {
        history: BillingItem[];
      };
      for (const kind of missing)
        found[kind] = { registry, name: business.business_name, subscription, history: history.history };
      if (CASES.every((kind) => found[kind])) return found as Record<Case, Found>;
    }
    throw new Error(`seeded data lacks a case: ${JSON.stringify(Object.keys(found))}`);
  } finally {
    await api.dispose();
  }
}

async function openSubscriptions(page: Page, registry: string) {
  await signInThroughScreen(page, MASTER_IDENTIFIER, MASTER_PASSWORD);
  await page.getByRole('tab', { name: 'Gestionar Suscripciones' }).click();
  await page.getByLabel('Número de registro').fill(registry);
  await page.getByLabel('Número de registro').press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]registro=${registry}`));
}

async function expectSubscriptionCard(page: Page, found: Found) {
  const subscription = found.subscription as Subscription;
  const details = (subscription.stripe_details ?? subscription.paypal_details) as Details;
  const card = page.getByRole('region', { name: 'Detalles de la Suscripción' });
  await expect(card).toContainText(capitalised(subscription.subscription_tier));
  await expect(card).toContainText(PROVIDERS[subscription.subscription_provider]);
  const status = STATUS_LABELS[subscription.subscription_status] ?? subscription.subscription_status;
  // The status badge, once; screen readers hear it as 'Estado: Activa'.
  await expect(card.getByText(new RegExp(`^(Estado: )?${status}$`))).toHaveCount(1);
  await expect(card).toContainText(
    money((details.current_amount ?? details.plan_amount) as number, details.currency),
  );
  if (details.subscription_id) await expect(card).toContainText(details.subscription_id);
  for (const label of ['Creada', 'Inicio del período', 'Fin del período', 'Renovación automática'])
    await expect(card.getByText(label, { exact: true })).toBeVisible();
  // A cancellation date only when there is one (never 'Cancelada el N/A').
  await expect(card.getByText('Cancelada el', { exact: true })).toHaveCount(details.canceled_at ? 1 : 0);
  await expect(card).not.toContainText('N/A');
  await expect(card).toContainText(subscription.subscription_renews ? 'Sí' : 'No');
}

async function expectBillingHistory(page: Page, found: Found) {
  if (found.history.length === 0) {
    await expect(page.getByRole('heading', { name: 'Sin Historial de Facturación' })).toBeVisible();
    return;
  }
  const table = page.getByRole('table', { name: 'Historial de Facturación' });
  await expect(table.getByRole('row')).toHaveCount(found.history.length + 1);
  const first = found.history[0] as BillingItem;
  const firstRow = table.getByRole('row').nth(1);
  await expect(firstRow).toContainText(money(first.amount, first.currency));
  await expect(firstRow).toContainText(first.currency.toUpperCase());
  await expect(firstRow).toContainText(PROVIDERS[first.provider as 'stripe' | 'paypal']);
  await expect(firstRow).toContainText(capitalised(first.tier));
}

test.describe('Gestionar Suscripciones on the demo data', () => {
  test.use({ baseURL: SEEDED_BASE_URL });

  let cases: Record<Case, Found>;
  test.beforeAll(async () => {
    cases = await seededCases();
  });

  test('a Stripe subscription with its billing history, as a table and as cards on a phone', async ({
    page,
  }) => {
    const stripe = cases.stripe;
    await openSubscriptions(page, stripe.registry);
    await expect(page.getByRole('heading', { name: stripe.name })).toBeVisible();
    await expectSubscriptionCard(page, stripe);
    await expectBillingHistory(page, stripe);
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    if (stripe.history.length > 0) {
      await expect(page.getByRole('table', { name: 'Historial de Facturación' })).toHaveCount(0);
      await expect(
        page.getByRole('list', { name: 'Historial de Facturación' }).getByRole('listitem'),
      ).toHaveCount(stripe.history.length);
    }
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a PayPal subscription with its billing history', async ({ page }) => {
    const paypal = cases.paypal;
    await openSubscriptions(page, paypal.registry);
    await expectSubscriptionCard(page, paypal);
    await expectBillingHistory(page, paypal);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('an active plan shows no cancellation date; a cancelled one shows its date', async ({ page }) => {
    const active = cases.active;
    await openSubscriptions(page, active.registry);
    await expectSubscriptionCard(page, active);
    const card = page.getByRole('region', { name: 'Detalles de la Suscripción' });
    await expect(card).not.toContainText(/cancelada el/i);

    const canceled = cases.canceled;
    await page.getByLabel('Número de registro').fill(canceled.registry);
    await page.getByLabel('Número de registro').press('Enter');
    await expect(page.getByRole('heading', { name: canceled.name })).toBeVisible();
    await expectSubscriptionCard(page, canceled);
    const date = card.getByText('Cancelada el', { exact: true }).locator('xpath=following-sibling::dd[1]');
    await expect(date).not.toHaveText('N/A');
    await expect(date).not.toBeEmpty();
  });

  test('a business without a subscription shows both empty states; reload keeps the search', async ({
    page,
  }) => {
    const none = cases.none;
    await openSubscriptions(page, none.registry);
    await expect(page.getByRole('heading', { name: none.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sin Suscripción Activa' })).toBeVisible();
    await expectBillingHistory(page, none);
    await expect(page.getByRole('region', { name: 'Detalles de la Suscripción' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sin Suscripción Activa' })).toBeVisible();
    await expect(page.getByLabel('Número de registro')).toHaveValue(none.registry);
  });

  test('an unknown registry shows NEGOCIO NO ENCONTRADO', async ({ page }) => {
    const registry = `REG${String(Date.now()).slice(-9)}`;
    const { api, headers } = await masterApi(SEEDED_BASE_URL);
    try {
      const answer = await api.get(`${SUBSCRIPTIONS}/${registry}`, { headers });
      expect(answer.status()).toBe(404);
    } finally {
      await api.dispose();
    }
    await openSubscriptions(page, registry);
    const banner = page.getByRole('alert').filter({ hasText: 'NEGOCIO NO ENCONTRADO' });
    await expect(banner).toContainText(
      `El número de registro "${registry}" no se encontró en la base de datos.`,
    );
    await expect(page.getByRole('heading', { name: 'Sin Suscripción Activa' })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a search that finds nothing takes the business shown before away, and says so once', async ({
    page,
  }) => {
    const registry = `REG${String(Date.now()).slice(-9)}`;
    await openSubscriptions(page, registry);
    const banner = page.getByRole('alert').filter({ hasText: 'NEGOCIO NO ENCONTRADO' });
    await expect(banner).toBeVisible();
    const box = page.getByRole('combobox', { name: /número de registro/i });
    await box.fill('zzqxjw');
    await box.press('Enter');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Ningún negocio coincide con "zzqxjw"' }),
    ).toBeVisible();
    // Said once: no 'Sin resultados' above the same message.
    await expect(page.getByText('Sin resultados')).toHaveCount(0);
    // The banner named a registry number the field no longer holds: it goes, with ?registro=.
    await expect(banner).toHaveCount(0);
    await expect(page).not.toHaveURL(/[?&]registro=/);
    await expect(page.getByRole('heading', { name: 'Gestión de Suscripciones' })).toBeVisible();
    await expect(box).toHaveValue('zzqxjw');
    await expect(box).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the initial prompt before any search', async ({ page }) => {
    await signInThroughScreen(page, MASTER_IDENTIFIER, MASTER_PASSWORD);
    await page.getByRole('tab', { name: 'Gestionar Suscripciones' }).click();
    await expect(page.getByRole('heading', { name: 'Gestión de Suscripciones' })).toBeVisible();
    // The description and the prompt name what the field takes, not only a registry number.
    const takes = 'número de registro, nombre, email o teléfono';
    await expect(page.getByRole('combobox', { name: new RegExp(`^${takes}$`, 'i') })).toBeVisible();
    await expect(page.getByText(/^Consulte el plan, el estado y el historial de facturación/)).toContainText(
      takes,
    );
    await expect(page.getByText(/para ver su suscripción y su historial de facturación\.$/)).toContainText(
      takes,
    );
    expect(await seriousViolations(page)).toEqual([]);
  });
});
