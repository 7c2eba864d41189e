// Seeing a screen while a request is on its way: its answers wait until the test lets them go.
import type { Page } from '@playwright/test';

/** Holds every request matching `url` until the returned function is called. */
export async function holdAnswers(page: Page, url: string | RegExp): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
