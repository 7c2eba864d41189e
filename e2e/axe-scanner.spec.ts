// The scanner every axe check relies on sets axe up once per document: a second scan of the same
// document must still see what the page shows then, and a new document gets axe again.
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe-scan.ts';

const UNNAMED_FIELD = '<main><h1>Prueba</h1><input type="text"></main>';
const NAMED_FIELD = '<main><h1>Prueba</h1><label>Nombre <input type="text"></label></main>';
const documentWith = (body: string) =>
  `data:text/html,${encodeURIComponent(`<!doctype html><html lang="es"><title>Prueba</title><body>${body}</body></html>`)}`;
const axeType = (page: Page) => page.evaluate(() => typeof (window as { axe?: unknown }).axe);
const replaceBody = (page: Page, body: string) =>
  page.evaluate((html) => {
    document.body.innerHTML = html;
  }, body);

test('finds a field without a name, sees it fixed in the same document, and finds it in a new one', async ({
  page,
}) => {
  await page.goto(documentWith(UNNAMED_FIELD));
  expect(await seriousViolations(page)).toEqual([expect.stringMatching(/^label \(critical\): input$/)]);

  await replaceBody(page, NAMED_FIELD);
  expect(await axeType(page)).toBe('object');
  expect(await seriousViolations(page)).toEqual([]);
  await replaceBody(page, UNNAMED_FIELD);
  expect(await seriousViolations(page)).toHaveLength(1);

  await page.goto(documentWith(UNNAMED_FIELD));
  expect(await axeType(page)).toBe('undefined');
  expect(await seriousViolations(page)).toHaveLength(1);
});
