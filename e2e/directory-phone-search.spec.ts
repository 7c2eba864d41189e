// A phone typed as staff often write it, with the country code ('+1 (787) 555-0102'), finds the
// business in the directory's search and in the command palette, as the plain ten digits do.
import { expect, test } from '@playwright/test';
import { registerBusiness } from './support/businesses.ts';
import { signInAsMaster } from './support/staff.ts';

test('a phone with +1 finds its business in the directory and the palette', async ({ page }) => {
  const business = await registerBusiness();
  const [area, exchange, line] = [
    business.phone.slice(0, 3),
    business.phone.slice(3, 6),
    business.phone.slice(6),
  ];
  await signInAsMaster(page);

  await page.getByRole('searchbox', { name: /Buscar negocios/ }).fill(`+1 (${area}) ${exchange}-${line}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Resultados (1)' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Negocios' }).getByRole('link', { name: business.name }),
  ).toBeVisible();

  await page.getByRole('heading', { level: 1, name: 'Panel de Control' }).click();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Búsqueda rápida' });
  await palette
    .getByRole('combobox', { name: 'Buscar negocios y pantallas' })
    .fill(`1-${area}-${exchange}-${line}`);
  await expect(palette.getByRole('option', { name: new RegExp(`^${business.name}`) })).toBeVisible();
});
