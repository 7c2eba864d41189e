// Keyboard-only helpers: move the focus with Tab / Shift+Tab (never a click) and check that it shows.
import { expect, type Locator, type Page } from '@playwright/test';
import { MASTER_IDENTIFIER, MASTER_PASSWORD } from './env.ts';

const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement).catch(() => false);

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, at most `limit` times, then checks that
 * the focus is visible on it. Fails when the target is never reached: not focusable, or a trap.
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, limit = 40 } = {}) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < limit; presses++) {
    if (await isFocused(target)) {
      await expectVisibleFocus(target);
      return presses;
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached by ${backwards ? 'Shift+Tab' : 'Tab'} within ${limit} presses`).toBeFocused({
    timeout: 1_000,
  });
  await expectVisibleFocus(target);
  return limit;
}

/** The focused element matches :focus-visible and draws an outline or a ring around itself. */
export async function expectVisibleFocus(target: Locator) {
  await expect(target).toBeFocused();
  const ring = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      focusVisible: element.matches(':focus-visible'),
      outline: style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0,
      shadow: style.boxShadow !== 'none',
    };
  });
  expect(ring.focusVisible, 'the focus is :focus-visible').toBe(true);
  expect(ring.outline || ring.shadow, 'the focused element draws an outline or a ring').toBe(true);
}

/** Signs in as master from the login page by keyboard alone: the identifier turns the form master. */
export async function signInAsMasterByKeyboard(page: Page) {
  await page.goto('/');
  await tabTo(page, page.getByLabel('Correo Electrónico'));
  await page.keyboard.type(MASTER_IDENTIFIER);
  await tabTo(page, page.getByLabel('Contraseña', { exact: true }));
  await page.keyboard.type(MASTER_PASSWORD);
  await expect(page.getByRole('button', { name: 'Acceso Maestro' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin-dashboard/);
}
