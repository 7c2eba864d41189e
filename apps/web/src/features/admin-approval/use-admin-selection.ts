import type { AdminAccount } from '@portal/contract/admin-registration';
import { useState } from 'react';
import { addToSelection, removeFromSelection, type SelectionChange, toggleSelection } from './selection.ts';

/** The admins picked for a bulk action, kept across pages and filters, at most 50. */
export function useAdminSelection() {
  const [selected, setSelected] = useState<ReadonlyMap<number, AdminAccount>>(new Map());
  const [refused, setRefused] = useState<string | null>(null);
  const apply = (change: SelectionChange<AdminAccount>) => {
    setSelected(change.next);
    setRefused(change.refused);
  };
  return {
    selected,
    refused,
    toggle: (admin: AdminAccount, checked: boolean) =>
      apply(toggleSelection(selected, admin.admin_id, admin, checked)),
    togglePage: (admins: AdminAccount[], checked: boolean) =>
      apply(
        checked
          ? addToSelection(
              selected,
              admins.map((admin) => [admin.admin_id, admin] as const),
            )
          : {
              next: removeFromSelection(
                selected,
                admins.map((admin) => admin.admin_id),
              ),
              refused: null,
            },
      ),
    remove: (adminIds: number[]) => setSelected((current) => removeFromSelection(current, adminIds)),
    /** The selected admins take what is known of them now (a bulk answer's status and version). */
    update: (changes: ReadonlyMap<number, Partial<AdminAccount>>) =>
      setSelected(
        (current) =>
          new Map([...current].map(([adminId, admin]) => [adminId, { ...admin, ...changes.get(adminId) }])),
      ),
    clear: () => apply({ next: new Map(), refused: null }),
  };
}
