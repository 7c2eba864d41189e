// axe on every screen, modal and state: a scan fails softly so that one run
// lists every finding, and counts what it scanned so the suite can print the figure.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

// AxeBuilder evaluates axe's source (500 kB) in the page twice per scan and, outside legacy mode,
// opens a blank page to merge the results there: most of a scan's time. Legacy mode runs axe.run in
// the page itself (it only leaves out cross-origin frames: the portal has none), and this source
// sets axe up once per document.
const AXE_ONCE_PER_DOCUMENT = `if (!window.axe) {\n${axe.source}\n}`;

/** AxeBuilder for the page as it is now. */
export const axeBuilder = (page: Page) =>
  new AxeBuilder({ page, axeSource: AXE_ONCE_PER_DOCUMENT }).setLegacyMode();

/** Roles of form fields in Playwright's ARIA snapshot; each must have a name. */
const FIELD_ROLES = [
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
  'checkbox',
  'switch',
  'radio',
  'spinbutton',
  'slider',
];
const FIELD_LINE = new RegExp(`^\\s*- (${FIELD_ROLES.join('|')})\\b(.*)$`);

export interface AxeScope {
  /** Scan only this part of the page (e.g. '[role="dialog"]'). */
  include?: string;
  /** Every axe rule, not only the WCAG 2 A/AA ones. */
  allRules?: boolean;
  /** Leave the toast host out: toasts fade in and out while the page is scanned. */
  withoutToasts?: boolean;
}

/** Serious or critical axe violations of the page as it is now (WCAG 2 A/AA unless allRules). */
export async function seriousViolations(page: Page, scope: AxeScope = {}): Promise<string[]> {
  const builder = axeBuilder(page);
  if (!scope.allRules) builder.withTags(['wcag2a', 'wcag2aa']);
  if (scope.include) builder.include(scope.include);
  if (scope.withoutToasts) builder.exclude('[data-sonner-toaster]');
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** The same, inside the open dialog only. */
export const dialogViolations = (page: Page) => seriousViolations(page, { include: '[role="dialog"]' });

/**
 * The form fields a screen reader can reach (an open modal hides the rest) and those without an
 * accessible name, as Chromium's accessibility tree computes it through Playwright's ARIA snapshot.
 */
async function fieldNames(page: Page): Promise<{ fields: number; unnamed: string[] }> {
  const snapshot = await page.locator('body').ariaSnapshot();
  let fields = 0;
  const unnamed: string[] = [];
  for (const line of snapshot.split('\n')) {
    const match = FIELD_LINE.exec(line);
    if (!match) continue;
    fields += 1;
    if (!match[2]?.startsWith(' "')) unnamed.push(line.trim());
  }
  return { fields, unnamed };
}

export class AxeScanner {
  readonly scanned: string[] = [];
  fields = 0;

  constructor(
    private readonly page: Page,
    private readonly label: string,
  ) {}

  /** Scans the page as it is now; `state` names it in the report. */
  async scan(state: string): Promise<void> {
    const violations = await seriousViolations(this.page, { allRules: true, withoutToasts: true });
    const { fields, unnamed } = await fieldNames(this.page);
    this.fields += fields;
    this.scanned.push(state);
    expect.soft(violations, `axe, ${state} (${this.label})`).toEqual([]);
    expect.soft(unnamed, `unlabelled fields, ${state} (${this.label})`).toEqual([]);
  }

  report(): string {
    return `[axe] ${this.label}: ${this.scanned.length} pages/states scanned, ${this.fields} form fields checked for a name`;
  }
}
