// The business page's header actions: buttons from 640 px, one 'Acciones' menu below.
import type { Page } from '@playwright/test';

export async function openHeaderAction(page: Page, width: number, name: string): Promise<void> {
  if (width < 640) {
    await page.getByRole('button', { name: 'Acciones' }).click();
    await page.getByRole('menuitem', { name }).click();
  } else {
    await page.getByRole('button', { name }).click();
  }
}
