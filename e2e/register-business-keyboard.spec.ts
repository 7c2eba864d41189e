// 'Registrar Nuevo Negocio' with the keyboard alone (Tab, Shift+Tab, typing, Space, Enter, arrows,
// Escape; no click, no fill): every control in order with a visible focus, the focus never dropped to
// the page when 'Enviar código' is pressed or a dialog closes, the first invalid field focused and
// described on a failed submit, the confirmation trapping the focus and keeping it through a refused
// registration and through saving until the success dialog takes it, and the fresh form after success.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ESTABLISHMENT_TYPES } from '@portal/contract/enums';
import { dialogViolations } from './support/axe-scan.ts';
import { uniquePhone } from './support/businesses.ts';
import { holdAnswers } from './support/held-answers.ts';
import { expectVisibleFocus, signInAsMasterByKeyboard, tabTo } from './support/keyboard.ts';
import { codeSentTo } from './support/mailbox.ts';
import { field, storedBusiness } from './support/register-business-form.ts';
import { uniqueEmail } from './support/staff.ts';

const REGISTER = '**/business-registration/api/v1/business-registration/register';
const here = { latitude: 18.0111, longitude: -66.6141 };
test.use({ geolocation: here, permissions: ['geolocation'] });

/** One Tab (or Shift+Tab) lands the visible focus on `target`. */
async function press(page: Page, key: 'Tab' | 'Shift+Tab', target: Locator) {
  await page.keyboard.press(key);
  await expectVisibleFocus(target);
}

const holdsFocus = (dialog: Locator) => dialog.evaluate((node) => node.contains(document.activeElement));

/** Pixels between the bottom of `above` and the top of the focus outline drawn around `element`. */
const ringGapBelow = async (element: Locator, above: Locator) => {
  const ringTop = await element.evaluate((node) => {
    const style = getComputedStyle(node);
    const drawnOut = Number.parseFloat(style.outlineOffset) + Number.parseFloat(style.outlineWidth);
    return node.getBoundingClientRect().top - drawnOut;
  });
  const box = await above.boundingBox();
  if (!box) throw new Error('nothing above the ring');
  return ringTop - (box.y + box.height);
};

type FocusWatch = { samples: number; drops: string[]; stop: () => void };

/**
 * Samples `document.activeElement` at every frame and every few milliseconds until the returned
 * function is called; that one answers how many samples were taken and which found the focus on the page.
 */
async function watchFocus(page: Page) {
  await page.evaluate(() => {
    const watch: FocusWatch = { samples: 0, drops: [], stop: () => {} };
    let on = true;
    const sample = (when: string) => {
      watch.samples++;
      const active = document.activeElement;
      if (!active || active === document.body) watch.drops.push(`${when} ${performance.now().toFixed(0)}`);
    };
    const frame = () => {
      if (!on) return;
      sample('frame');
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    const timer = setInterval(() => sample('timer'), 4);
    watch.stop = () => {
      on = false;
      clearInterval(timer);
    };
    (window as unknown as { focusWatch: FocusWatch }).focusWatch = watch;
  });
  return () =>
    page.evaluate(() => {
      const { focusWatch } = window as unknown as { focusWatch: FocusWatch };
      focusWatch.stop();
      return { samples: focusWatch.samples, drops: focusWatch.drops };
    });
}

test('registers a business with the keyboard only', async ({ page }) => {
  const name = `Colmado Teclado ${Date.now().toString(36)}`;
  const email = uniqueEmail('teclado');

  await signInAsMasterByKeyboard(page);

  // The tabs are one stop: the arrows move along them, Enter opens 'Registrar Negocio'.
  const tab = page.getByRole('tab', { name: 'Registrar Negocio' });
  await tabTo(page, page.getByRole('tab', { selected: true }));
  for (
    let presses = 0;
    presses < 8 && !(await tab.evaluate((node) => node === document.activeElement));
    presses++
  ) {
    await page.keyboard.press('ArrowRight');
  }
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Registrar Nuevo Negocio', level: 2 })).toBeVisible();

  // The panel is a Tab stop of its own (WAI-ARIA tabs), its ring clear of the selected tab's
  // underline; then the first field.
  const panel = page.getByRole('tabpanel', { name: 'Registrar Negocio' });
  await press(page, 'Tab', panel);
  expect(await ringGapBelow(panel, tab)).toBeGreaterThanOrEqual(1);
  await press(page, 'Tab', field(page, 'Nombre del negocio'));
  await page.keyboard.type(name);
  await press(page, 'Tab', field(page, 'Año de fundación'));
  await page.keyboard.type('2012');
  // The category's list opens on focus with every category; it is no Tab stop of its own (Chrome
  // would stop on a scrolling box, then lose the focus when the list closes). Left empty for now.
  const category = page.getByRole('combobox', { name: 'Categoría' });
  await press(page, 'Tab', category);
  await expect(page.getByRole('listbox', { name: 'Categorías' })).toBeVisible();
  await press(page, 'Tab', field(page, 'Descripción'));
  await page.keyboard.type('Registrado con el teclado.');
  await press(page, 'Tab', field(page, 'Nombre'));
  await page.keyboard.type('Ana');
  await press(page, 'Tab', field(page, 'Apellido'));
  await page.keyboard.type('Ríos');
  await press(page, 'Tab', field(page, 'Correo electrónico'));
  await page.keyboard.type(email);
  const emailVerified = page.getByRole('switch', { name: /^Verificado Correo/ });
  await press(page, 'Tab', emailVerified);
  await page.keyboard.press('Space');
  await expect(emailVerified).toBeChecked();

  // 'Enviar código' keeps the focus while it sends, then waits to resend, disabled: the focus goes to
  // 'Copiar código', next to the code, which is the one the owner was mailed.
  await press(page, 'Tab', page.getByRole('button', { name: 'Enviar código' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: /^Reenviar en \d+s$/ })).toBeDisabled();
  await expectVisibleFocus(page.getByRole('button', { name: 'Copiar código' }));
  const sent = page.getByRole('status').filter({ hasText: 'Código de verificación enviado' });
  await expect(sent.getByText(/^\d{6}$/)).toHaveText(await codeSentTo(email));

  await press(page, 'Tab', field(page, 'Número de teléfono'));
  await page.keyboard.type(uniquePhone());
  await press(page, 'Tab', page.getByRole('switch', { name: /^Verificado Teléfono/ }));
  await press(page, 'Tab', field(page, 'Dirección'));
  await page.keyboard.type('Calle Sol 12');
  await press(page, 'Tab', field(page, 'Dirección secundaria'));
  await press(page, 'Tab', field(page, 'Ciudad'));
  await page.keyboard.type('Ponce');
  await press(page, 'Tab', field(page, 'Código postal'));
  await page.keyboard.type('00716');
  const establishment = field(page, 'Tipo de establecimiento');
  await press(page, 'Tab', establishment);
  await page.keyboard.press('ArrowDown');
  await expect(establishment).toHaveValue(ESTABLISHMENT_TYPES[0]);
  const exact = page.getByRole('checkbox', { name: 'Usar mi ubicación exacta' });
  await press(page, 'Tab', exact);
  await page.keyboard.press('Space');
  await expect(page.getByText(/^Ubicación obtenida/)).toBeVisible();
  await expectVisibleFocus(exact);
  const submit = page.getByRole('button', { name: 'Registrar Negocio' });
  await press(page, 'Tab', submit);

  // A failed submit focuses the first invalid field, marked invalid and described by its message.
  await page.keyboard.press('Enter');
  await expectVisibleFocus(category);
  await expect(category).toHaveAttribute('aria-invalid', 'true');
  await expect(category).toHaveAccessibleDescription('Debe seleccionar una categoría');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await press(page, 'Shift+Tab', field(page, 'Año de fundación'));
  await press(page, 'Tab', category);
  await page.keyboard.type('Panad');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  const active = await category.getAttribute('aria-activedescendant');
  const chosen = (await page.locator(`[id="${active}"]`).textContent()) ?? '';
  await page.keyboard.press('Enter');
  await expect(category).toHaveValue(chosen);
  await expect(category).not.toHaveAttribute('aria-invalid');

  // The confirmation keeps the focus inside; Escape closes it on the button that opened it.
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Confirmar Registro' });
  await expect(confirm).toContainText('Exacta (18.01110, -66.61410)');
  await expect.poll(() => holdsFocus(confirm)).toBe(true);
  for (let presses = 0; presses < 4; presses++) {
    await page.keyboard.press('Tab');
    expect(await holdsFocus(confirm)).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expectVisibleFocus(submit);

  // A refused registration (server error, then too many requests) says why in the confirmation, next
  // to its button, which keeps the focus to try again; the focus never falls to the page. On a phone,
  // where the dialog's rows scroll, the reason shows all the same.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.keyboard.press('Enter');
  const confirmButton = confirm.getByRole('button', { name: 'Confirmar Registro' });
  await tabTo(page, confirmButton);
  const refusals = [
    {
      status: 500,
      message: 'Internal server error',
      said: 'Error interno del servidor. Código de soporte: e2e-500',
    },
    {
      status: 429,
      message: 'Too many requests. Please try again later.',
      said: 'Demasiadas solicitudes. Por favor intente más tarde.',
    },
  ];
  for (const { status, message, said } of refusals) {
    await page.route(
      REGISTER,
      (route) => route.fulfill({ status, json: { success: false, message, request_id: `e2e-${status}` } }),
      { times: 1 },
    );
    const focusOnRefusal = await watchFocus(page);
    await page.keyboard.press('Enter');
    await expect(confirm.getByRole('alert')).toHaveText(said);
    await expect(confirm.getByRole('alert')).toBeInViewport({ ratio: 1 });
    await expectVisibleFocus(confirmButton);
    const refused = await focusOnRefusal();
    expect(refused.samples).toBeGreaterThan(5);
    expect(refused.drops, `the focus stays in the confirmation after a ${status}`).toEqual([]);
    expect(await dialogViolations(page), `axe on the confirmation after a ${status}`).toEqual([]);
  }

  await page.setViewportSize({ width: 1280, height: 800 });

  // While it saves, the pressed button keeps the focus (not dropped to the page) and Escape waits.
  const release = await holdAnswers(page, REGISTER);
  const focusDuringSave = await watchFocus(page);
  await page.keyboard.press('Enter');
  const saving = confirm.getByRole('button', { name: 'Registrando...' });
  await expect(saving).toHaveAttribute('aria-disabled', 'true');
  await expect(confirm.getByRole('alert')).toHaveCount(0);
  await expectVisibleFocus(saving);
  await page.keyboard.press('Escape');
  await expect(confirm).toBeVisible();
  release();
  const success = page.getByRole('dialog', { name: 'Registro Exitoso' });
  await expect(success).toContainText(name);
  const registry = (await success.getByText(/^REG\d{6,}$/).textContent()) ?? '';
  await expect.poll(() => holdsFocus(success)).toBe(true);
  const saved = await focusDuringSave();
  expect(saved.samples).toBeGreaterThan(5);
  expect(saved.drops, 'the focus never falls to the page between the two dialogs').toEqual([]);
  const focusOnClose = await watchFocus(page);
  await page.keyboard.press('Escape');
  await expect(success).toHaveCount(0);
  await expectVisibleFocus(field(page, 'Nombre del negocio'));
  const closed = await focusOnClose();
  expect(closed.drops, 'the focus never falls to the page on the way to the fresh form').toEqual([]);
  await expect(field(page, 'Nombre del negocio')).toHaveValue('');

  const { business, locations } = await storedBusiness(registry);
  expect(business).toMatchObject({ business_name: name, business_category: chosen, verified_email: true });
  expect(Number(locations[0]?.location_latitude)).toBeCloseTo(here.latitude, 4);
});
