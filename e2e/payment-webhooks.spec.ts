// Payment webhooks in the portal: a subscription that Stripe created through
// /webhooks/stripe shows 'Actualizado por Stripe' on 'Gestionar Suscripciones' and on the business
// page, its invoice in the billing history, a dispute of it as 'En disputa' then 'Disputa perdida';
// an event for an unknown registry waits in the master's 'Eventos de pago sin negocio' until marked
// resolved. The events are signed here, with Stripe's scheme, by the test.
import { createHmac } from 'node:crypto';
import { expect, type Page, request, test } from '@playwright/test';
import { seriousViolations } from './support/axe-scan.ts';
import { registerBusiness, type TestBusiness } from './support/businesses.ts';
import { BASE_URL, STRIPE_WEBHOOK_SECRET } from './support/env.ts';
import { signInAsMaster } from './support/staff.ts';

const run = `${Date.now().toString(36)}${process.pid}`;

/** POSTs `event` to /webhooks/stripe, signed `t=<unix>,v1=<HMAC-SHA256 of "<t>.<body>">`. */
async function deliver(event: object) {
  const body = JSON.stringify(event);
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', STRIPE_WEBHOOK_SECRET).update(`${t}.${body}`).digest('hex');
  const api = await request.newContext({ baseURL: BASE_URL });
  try {
    const response = await api.post('/webhooks/stripe', {
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` },
      data: body,
    });
    expect(response.status(), await response.text()).toBe(200);
  } finally {
    await api.dispose();
  }
}

const event = (id: string, type: string, object: object, created = Math.floor(Date.now() / 1000)) => ({
  id: `evt_${id}_${run}`,
  object: 'event',
  created,
  type,
  data: { object },
});

function subscription(id: string, registry: string) {
  const start = Math.floor(Date.now() / 1000) - 86_400;
  return {
    id,
    object: 'subscription',
    status: 'active',
    currency: 'usd',
    created: start,
    customer: 'cus_e2e',
    cancel_at_period_end: false,
    canceled_at: null,
    trial_end: null,
    metadata: { business_registry_number: registry, tier: 'premium' },
    items: {
      data: [
        {
          quantity: 1,
          current_period_start: start,
          current_period_end: start + 30 * 86_400,
          price: { unit_amount: 4999, currency: 'usd', recurring: { interval: 'month' } },
        },
      ],
    },
  };
}

let business: TestBusiness;
const subscriptionId = `sub_e2e_${run}`;
const unmatchedEventId = `evt_unmatched_${run}`;

test.beforeAll(async () => {
  business = await registerBusiness();
  await deliver(
    event('created', 'customer.subscription.created', subscription(subscriptionId, business.registry)),
  );
  await deliver(
    event('paid', 'invoice.paid', {
      id: `in_e2e_${run}`,
      object: 'invoice',
      currency: 'usd',
      created: Math.floor(Date.now() / 1000),
      amount_paid: 4999,
      status_transitions: { paid_at: Math.floor(Date.now() / 1000) },
      parent: { subscription_details: { subscription: subscriptionId, metadata: {} } },
    }),
  );
  await deliver({
    ...event('x', 'customer.subscription.created', subscription(`sub_nobody_${run}`, 'REG999999999')),
    id: unmatchedEventId,
  });
});

async function openSubscriptions(page: Page) {
  await signInAsMaster(page);
  await page.getByRole('tab', { name: 'Gestionar Suscripciones' }).click();
  await page.getByLabel('Número de registro').fill(business.registry);
  await page.getByLabel('Número de registro').press('Enter');
}

for (const width of [1440, 390]) {
  test(`a subscription written by Stripe says so, at ${width}px, with no serious axe violation`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await openSubscriptions(page);
    const card = page.getByRole('region', { name: 'Detalles de la Suscripción' });
    await expect(card).toContainText('Actualizado por Stripe');
    await expect(card).toContainText('Premium');
    await expect(card).toContainText('$49.99');
    await expect(card).toContainText(subscriptionId);
    await expect(card.getByText(/^(Estado: )?Activa$/)).toHaveCount(1);
    // The invoice: a table from 768 px, cards below.
    const history = page.getByRole(width >= 768 ? 'table' : 'list', { name: 'Historial de Facturación' });
    await expect(history).toContainText('$49.99');

    // The master's events that named no business, below the search.
    const unmatched = page.getByRole('region', { name: 'Eventos de pago sin negocio' });
    await expect(unmatched).toContainText(unmatchedEventId);
    await expect(unmatched).toContainText('No existe un negocio con ese número de registro');

    const shots = process.env.E2E_SHOTS_DIR;
    if (shots) await page.screenshot({ path: `${shots}/webhook-subscription-${width}.png`, fullPage: true });
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
  });
}

test("a plan Stripe bills every 3 months reads 'Trimestral' on both screens, at 1440 and 390 px", async ({
  page,
}) => {
  const quarterly = await registerBusiness();
  const plan = subscription(`sub_quarterly_${run}`, quarterly.registry);
  Object.assign(plan.items.data[0]!.price.recurring, { interval_count: 3 });
  await deliver(event('quarterly', 'customer.subscription.created', plan));
  await signInAsMaster(page);
  const card = page.getByRole('region', { name: 'Detalles de la Suscripción' });
  const interval = card
    .getByText('Intervalo de facturación', { exact: true })
    .locator('xpath=following-sibling::dd[1]');
  const shots = process.env.E2E_SHOTS_DIR;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('tab', { name: 'Gestionar Suscripciones' }).click();
    await page.getByLabel('Número de registro').fill(quarterly.registry);
    await page.getByLabel('Número de registro').press('Enter');
    await expect(interval).toHaveText('Trimestral');
    if (shots)
      await page.screenshot({ path: `${shots}/quarterly-subscriptions-${width}.png`, fullPage: true });

    await page.goto(`/negocios/${quarterly.registry}/suscripcion`);
    await expect(interval).toHaveText('Trimestral');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    if (shots)
      await page.screenshot({ path: `${shots}/quarterly-business-page-${width}.png`, fullPage: true });
    await page.goto('/');
  }
});

test("'Eventos de pago sin negocio' pages through every kept event, 20 at a time", async ({ page }) => {
  test.setTimeout(120_000);
  for (let n = 0; n < 21; n += 1) {
    await deliver(
      event(`page${n}`, 'customer.subscription.created', subscription(`sub_page${n}_${run}`, 'REG999999998')),
    );
  }
  await signInAsMaster(page);
  await page.getByRole('tab', { name: 'Gestionar Suscripciones' }).click();
  const unmatched = page.getByRole('region', { name: 'Eventos de pago sin negocio' });
  await expect(unmatched.getByText(/^Mostrando 1-20 de \d+ eventos$/)).toBeVisible();
  await unmatched.getByRole('button', { name: 'Página 2', exact: true }).click();
  await expect(unmatched.getByText(/^Mostrando 21(-\d+)? de \d+ eventos$/)).toBeVisible();
  await expect(unmatched.getByRole('navigation', { name: 'Paginación' })).toContainText(/Página 2 de \d+/);
  const shots = process.env.E2E_SHOTS_DIR;
  if (shots) await page.screenshot({ path: `${shots}/unmatched-page-2-1440.png`, fullPage: true });
  expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

  // The page is in the URL, beside the tab: a reload, and Back from another tab, keep it.
  await expect(page).toHaveURL(/[?&]tab=suscripciones\b.*[?&]eventos_pagina=2\b/);
  await page.reload();
  await expect(unmatched.getByText(/^Mostrando 21(-\d+)? de \d+ eventos$/)).toBeVisible();
  await page.getByRole('tab', { name: 'Auditoría' }).click();
  await expect(page).not.toHaveURL(/eventos_pagina/);
  await page.goBack();
  await expect(unmatched.getByText(/^Mostrando 21(-\d+)? de \d+ eventos$/)).toBeVisible();
  await expect(unmatched.getByRole('button', { name: 'Página 2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test("with 'Mostrar resueltos' on and no event at all, the panel says there is none, pending or resolved", async ({
  page,
}) => {
  // Other tests leave events in this server: the list is answered empty here.
  await page.route('**/unmatched-events?*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"events":[],"total_count":0}' }),
  );
  await signInAsMaster(page);
  await page.goto('/admin-dashboard?tab=suscripciones&eventos_resueltos=1');
  const unmatched = page.getByRole('region', { name: 'Eventos de pago sin negocio' });
  await expect(unmatched.getByRole('heading', { name: 'Sin eventos de pago sin negocio' })).toBeVisible();
  await expect(unmatched).toContainText('no hay eventos pendientes ni resueltos');
  const shots = process.env.E2E_SHOTS_DIR;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    if (shots)
      await page.screenshot({ path: `${shots}/unmatched-empty-resolved-${width}.png`, fullPage: true });
    expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
  }
  await unmatched.getByRole('switch', { name: 'Mostrar resueltos' }).click();
  await expect(unmatched.getByRole('heading', { name: 'Sin eventos pendientes' })).toBeVisible();
});

test("the business page's 'Suscripción' and history show what Stripe changed", async ({ page }) => {
  await signInAsMaster(page);
  await page.goto(`/negocios/${business.registry}/suscripcion`);
  const card = page.getByRole('region', { name: 'Detalles de la Suscripción' });
  await expect(card).toContainText('Actualizado por Stripe');
  const shots = process.env.E2E_SHOTS_DIR;
  if (shots) await page.screenshot({ path: `${shots}/webhook-business-page-1440.png`, fullPage: true });
  expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

  await page.goto(`/negocios/${business.registry}/historial`);
  // The history's rows (the 'Campo' filter lists the same names as options).
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Estado de suscripción' }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Stripe');
  await expect(row).toContainText('Activa');
});

test("the business page's 'Suscripción' says when there is no subscription, or no charge yet", async ({
  page,
}) => {
  const none = await registerBusiness();
  const unbilled = await registerBusiness();
  await deliver(
    event(
      'unbilled',
      'customer.subscription.created',
      subscription(`sub_unbilled_${run}`, unbilled.registry),
    ),
  );
  await signInAsMaster(page);

  await page.goto(`/negocios/${none.registry}/suscripcion`);
  await expect(page.getByRole('heading', { name: 'Sin Suscripción Activa' })).toBeVisible();

  await page.goto(`/negocios/${unbilled.registry}/suscripcion`);
  await expect(page.getByRole('region', { name: 'Detalles de la Suscripción' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sin Historial de Facturación' })).toBeVisible();
  await expect(page.getByText('0 transacciones')).toHaveCount(0);
});

test("a charge stored without a subscription shows under 'Sin Suscripción Activa'", async ({ page }) => {
  // An invoice that names the business in its metadata and no subscription: stored on its own.
  const unplanned = await registerBusiness();
  await deliver(
    event('unplanned', 'invoice.paid', {
      id: `in_unplanned_${run}`,
      object: 'invoice',
      currency: 'usd',
      created: Math.floor(Date.now() / 1000),
      amount_paid: 1234,
      status_transitions: { paid_at: Math.floor(Date.now() / 1000) },
      metadata: { business_registry_number: unplanned.registry, tier: 'basic' },
    }),
  );
  await signInAsMaster(page);
  await page.goto(`/negocios/${unplanned.registry}/suscripcion`);
  await expect(page.getByRole('heading', { name: 'Sin Suscripción Activa' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Historial de Facturación' })).toContainText('$12.34');
  await expect(page.getByRole('heading', { name: 'Sin Historial de Facturación' })).toHaveCount(0);
  expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
});

test("a disputed charge reads 'En disputa', then 'Disputa perdida', on the billing item and in the history", async ({
  page,
}) => {
  const disputed = await registerBusiness();
  const charge = `ch_e2e_${run}`;
  const now = Math.floor(Date.now() / 1000);
  await deliver(
    event('disputed_paid', 'invoice.paid', {
      id: `in_disputed_${run}`,
      object: 'invoice',
      currency: 'usd',
      created: now,
      amount_paid: 2500,
      status_transitions: { paid_at: now },
      charge,
      metadata: { business_registry_number: disputed.registry, tier: 'basic' },
    }),
  );
  const dispute = (status: string) => ({
    id: `du_e2e_${run}`,
    object: 'dispute',
    amount: 2500,
    currency: 'usd',
    charge,
    reason: 'fraudulent',
    status,
  });
  await deliver(event('dispute_created', 'charge.dispute.created', dispute('needs_response'), now));
  await signInAsMaster(page);
  await page.goto(`/negocios/${disputed.registry}/suscripcion`);
  const billing = page.getByRole('table', { name: 'Historial de Facturación' });
  await expect(billing).toContainText('$25.00');
  await expect(billing).toContainText('En disputa');

  await deliver(event('dispute_closed', 'charge.dispute.closed', dispute('lost'), now + 1));
  await page.reload();
  await expect(billing).toContainText('Disputa perdida');
  expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);

  await page.goto(`/negocios/${disputed.registry}/historial`);
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Factura' }) });
  await expect(rows.filter({ hasText: 'Disputa perdida' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Disputa perdida' })).toContainText('En disputa');
});

test("'Marcar como resuelto' takes an event off the list, 'Mostrar resueltos' and 'Reabrir' bring it back, both audited", async ({
  page,
}) => {
  test.slow(); // the subscriptions tab, two changes and the audit tab in one test
  const eventId = `evt_resolve_${run}`;
  await deliver({
    ...event('resolve', 'customer.subscription.created', subscription(`sub_resolve_${run}`, 'REG999999997')),
    id: eventId,
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsMaster(page);
  await page.getByRole('tab', { name: 'Gestionar Suscripciones' }).click();
  const unmatched = page.getByRole('region', { name: 'Eventos de pago sin negocio' });
  await unmatched.getByRole('button', { name: `Marcar como resuelto el evento ${eventId}` }).click();
  await expect(unmatched.getByText(eventId)).toHaveCount(0);

  await unmatched.getByRole('switch', { name: 'Mostrar resueltos' }).click();
  await expect(page).toHaveURL(/eventos_resueltos=1/);
  const row = unmatched.getByRole('row').filter({ hasText: eventId });
  await expect(row).toContainText('Resuelto');
  await expect(row).toContainText('Usuario maestro');
  expect(await seriousViolations(page, { withoutToasts: true })).toEqual([]);
  await row.getByRole('button', { name: `Reabrir el evento ${eventId}` }).click();
  await expect(row.getByRole('button', { name: `Marcar como resuelto el evento ${eventId}` })).toBeVisible();
  await expect(row).toContainText('Pendiente');

  await page.getByRole('tab', { name: 'Auditoría' }).click();
  const filters = page.getByRole('form', { name: 'Filtros de auditoría' });
  const table = page.getByRole('table', { name: 'Acciones del personal' });
  for (const action of [
    'Evento de pago sin negocio marcado como resuelto',
    'Evento de pago sin negocio reabierto',
  ]) {
    await filters.getByLabel('Acción').selectOption({ label: action });
    await filters.getByRole('button', { name: 'Aplicar Filtros' }).click();
    const audited = table.getByRole('row').filter({ hasText: eventId });
    await expect(audited).toHaveCount(1);
    await expect(audited).toContainText(action);
    await expect(audited).toContainText('Evento de pago');
  }
});
