// The 'Gestionar Acceso' tab: a business looked up by registry number, and its cards of switches.
import { expect, type Page } from '@playwright/test';

export async function openAccess(page: Page, registry: string) {
  await page.getByRole('tab', { name: 'Gestionar Acceso' }).click();
  await page.getByLabel('Número de registro').fill(registry);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(new RegExp(`tab=acceso.*registro=${registry}`));
}

/** The card (the master's or an admin's) whose heading matches. */
export const card = (page: Page, heading: string | RegExp) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: heading }) });
