import { describe, expect, it } from 'vitest';
import type { TrashedBusiness } from '../../api/business-trash-api.ts';
import { pageState, withRows } from './use-trash-selection.ts';

const row = (n: number) =>
  ({ business_registry_number: `REG00000${n}`, business_name: `Negocio ${n}` }) as TrashedBusiness;
const page = [row(1), row(2), row(3)];

describe("the Papelera's selection", () => {
  it('adds and clears the rows of a page, keeping what other pages selected', () => {
    const before = withRows(new Map(), [row(9)], true);
    const all = withRows(before, page, true);
    expect([...all.keys()]).toEqual(['REG000009', 'REG000001', 'REG000002', 'REG000003']);
    const cleared = withRows(all, page, false);
    expect([...cleared.keys()]).toEqual(['REG000009']);
  });

  it('keeps the same map when nothing changes (no new render)', () => {
    const selected = withRows(new Map(), page, true);
    expect(withRows(selected, [row(2)], true)).toBe(selected);
    expect(withRows(selected, [row(7)], false)).toBe(selected);
  });

  it("checks the page's box when every row is selected, mixed when some are", () => {
    expect(pageState(new Map(), page)).toEqual({ all: false, some: false });
    expect(pageState(withRows(new Map(), [row(2)], true), page)).toEqual({ all: false, some: true });
    expect(pageState(withRows(new Map(), page, true), page)).toEqual({ all: true, some: true });
    expect(pageState(new Map(), [])).toEqual({ all: false, some: false });
  });
});
