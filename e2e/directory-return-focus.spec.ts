// Back from a business page opened from the directory puts the focus on that business's row (its
// card's link on a phone), so a keyboard user goes on down the list instead of starting over.
import { expect, type Page, test } from '@playwright/test';
import { SEEDED_BASE_URL } from './support/env.ts';
import { signInAsMaster } from './support/staff.ts';

test.use({ baseURL: SEEDED_BASE_URL });

const rows = (page: Page) => page.getByRole('table', { name: 'Negocios' }).locator('tbody tr');

/** The business page has replaced the directory: the router keeps the directory on screen (and the
 * focus where it was) until the page's chunk has arrived, and a Back before that returns to nothing. */
async function businessPageShown(page: Page) {
  await expect(page).toHaveURL(/\/negocios\//);
  await expect(page.getByRole('table', { name: 'Negocios' })).toHaveCount(0);
}

test('j, j, Enter, then Back: the second row has the focus; a click on a name, then Back: that row', async ({
  page,
}) => {
  await signInAsMaster(page);
  await expect(rows(page).nth(2)).toBeVisible();
  await page.getByRole('heading', { level: 1, name: 'Panel de Control' }).click();
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await expect(rows(page).nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await businessPageShown(page);
  await page.goBack();
  await expect(rows(page).nth(1)).toBeFocused();

  const third = rows(page).nth(2).getByRole('link').first();
  await third.click();
  await businessPageShown(page);
  await page.goBack();
  await expect(rows(page).nth(2)).toBeFocused();
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("Back from a card's business page focuses that card's link", async ({ page }) => {
    await signInAsMaster(page);
    const cards = page.getByRole('list', { name: 'Negocios' }).getByRole('listitem');
    const link = cards.nth(1).getByRole('heading').getByRole('link');
    await link.click();
    await expect(page).toHaveURL(/\/negocios\//);
    await page.goBack();
    await expect(link).toBeFocused();
  });
});
