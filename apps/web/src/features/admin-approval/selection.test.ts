import { MSG } from '@portal/contract/messages';
import { describe, expect, it } from 'vitest';
import { hiddenSelectionNote } from './bulk-actions.ts';
import { addToSelection, hiddenFromView, removeFromSelection, toggleSelection } from './selection.ts';

const range = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => [from + index, `admin ${from + index}`] as const);

describe('admin selection', () => {
  it('takes up to 50 and refuses the 51st with SPEC’s message', () => {
    let selected: ReadonlyMap<number, string> = new Map();
    for (const [id, name] of range(1, 50)) {
      const change = toggleSelection(selected, id, name, true);
      expect(change.refused).toBeNull();
      selected = change.next;
    }
    expect(selected.size).toBe(50);
    const refused = toggleSelection(selected, 51, 'admin 51', true);
    expect(refused.refused).toBe(MSG.bulkMax);
    expect(refused.refused).toBe('Maximum 50 admins can be processed at once');
    expect(refused.next.has(51)).toBe(false);
    expect(refused.next.size).toBe(50);
  });

  it('still lets a full selection shrink, and re-selecting a chosen id costs nothing', () => {
    const full = addToSelection(new Map(), range(1, 50)).next;
    expect(toggleSelection(full, 7, 'admin 7', true).refused).toBeNull();
    const smaller = toggleSelection(full, 7, 'admin 7', false);
    expect(smaller.next.size).toBe(49);
    expect(toggleSelection(smaller.next, 51, 'admin 51', true).next.size).toBe(50);
  });

  it('refuses a whole page that would pass the limit, and adds one that fits', () => {
    const forty = addToSelection(new Map(), range(1, 40)).next;
    const tooMany = addToSelection(forty, range(41, 20));
    expect(tooMany.refused).toBe(MSG.bulkMax);
    expect(tooMany.next.size).toBe(40);
    const overlapping = addToSelection(forty, range(31, 20));
    expect(overlapping.refused).toBeNull();
    expect(overlapping.next.size).toBe(50);
  });

  it('removes ids that are gone', () => {
    const some = addToSelection(new Map(), range(1, 3)).next;
    expect([...removeFromSelection(some, [2, 9]).keys()]).toEqual([1, 3]);
  });
});

describe('a selection the list does not show', () => {
  const selected = new Map([
    [3, 'Ana'],
    [7, 'Luis'],
  ]);

  it('counts the selected admins missing from the rows shown, none while no rows are known', () => {
    expect(hiddenFromView(selected, [3, 7, 9])).toBe(0);
    expect(hiddenFromView(selected, [3, 9])).toBe(1);
    expect(hiddenFromView(selected, [])).toBe(2);
    expect(hiddenFromView(selected, undefined)).toBe(0);
  });

  it('says so in the bar: all of them, or how many', () => {
    expect(hiddenSelectionNote(2, 0)).toBeNull();
    expect(hiddenSelectionNote(2, 2)).toBe('Ninguno se muestra en la lista actual.');
    expect(hiddenSelectionNote(1, 1)).toBe('No se muestra en la lista actual.');
    expect(hiddenSelectionNote(3, 1)).toBe('1 no se muestra en la lista actual.');
    expect(hiddenSelectionNote(3, 2)).toBe('2 no se muestran en la lista actual.');
  });
});
