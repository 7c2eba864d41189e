// The modals of the row actions belong to the directory screen, not to the row: a list that reloads
// under an open modal (a search answering, a page arriving) replaces the rows but leaves the modal
// where it is. Saved changes reach the cached rows at once, behind the modal.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { BusinessRow } from '../../../api/business-data-api.ts';
import {
  DeleteBusinessModal,
  EditBusinessModal,
  EmailChangeModal,
  HistoryModal,
  ModalSuspense,
  VerificationModal,
} from '../../../ui/business/row-modals/lazy-modals.tsx';
import { rememberOpened } from './business-row-opener.ts';

export type RowAction = 'history' | 'edit' | 'verification' | 'email' | 'delete';

/** Which modal is open, for which business (as it was when opened, plus the changes saved since). */
interface OpenModal {
  action: RowAction;
  business: BusinessRow;
}

export type OpenRowAction = (action: RowAction, business: BusinessRow, opener: HTMLButtonElement) => void;

/** The focus goes back to the button that opened the modal, or to its twin if the rows were replaced. */
function refocus(opener: HTMLButtonElement) {
  if (opener.isConnected) {
    opener.focus();
    return;
  }
  const label = opener.getAttribute('aria-label');
  if (!label) return;
  document.querySelector<HTMLButtonElement>(`button[aria-label="${CSS.escape(label)}"]`)?.focus();
}

/** The directory's search box: where the focus goes when no row is left to take it. */
const SEARCH_BOX = 'input[type="search"]';

/**
 * Where the focus goes once the opener's row has left the list: the row that took its place (the
 * next one, else the previous one), else the search box. Read now, while the row is still there.
 */
function placeAfterRowLeaves(opener: HTMLButtonElement): () => HTMLElement | null {
  const row = opener.closest<HTMLElement>('tr, li');
  const neighbour = (row?.nextElementSibling ?? row?.previousElementSibling) as HTMLElement | null;
  return () => {
    if (neighbour?.isConnected) {
      // A table row takes the focus itself; a card, through its first link or control.
      if (neighbour.tabIndex >= 0) return neighbour;
      const inside = neighbour.querySelector<HTMLElement>('a[href], button, input');
      if (inside) return inside;
    }
    return document.querySelector<HTMLElement>(SEARCH_BOX);
  };
}

export function useRowModal() {
  const [modal, setModal] = useState<OpenModal | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  // Set when the opener's business left the list: its buttons are gone, the focus goes here instead.
  const afterRowLeft = useRef<(() => HTMLElement | null) | null>(null);

  useEffect(() => {
    if (modal !== null) return;
    const button = opener.current;
    const fallback = afterRowLeft.current;
    if (!button && !fallback) return;
    // The dialog gives focus back only to a Radix trigger; ours is a plain button, focused once the
    // dialog (and its focus trap) is gone.
    const timer = setTimeout(() => {
      if (button) refocus(button);
      else fallback?.()?.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [modal]);

  const open = useCallback<OpenRowAction>((action, business, button) => {
    opener.current = button;
    afterRowLeft.current = null;
    setModal({ action, business });
  }, []);

  const close = useCallback(() => setModal(null), []);

  /** Keeps the open modal's business in step with a change it saved. */
  const patch = useCallback((changes: Partial<BusinessRow>) => {
    setModal((current) =>
      current ? { ...current, business: { ...current.business, ...changes } } : current,
    );
  }, []);

  /** A deleted business's buttons are gone: the focus will go to the row that takes its place. */
  const forgetOpener = useCallback(() => {
    if (opener.current) afterRowLeft.current = placeAfterRowLeaves(opener.current);
    opener.current = null;
  }, []);

  return { modal, open, close, patch, forgetOpener };
}

interface RowModalsProps {
  state: ReturnType<typeof useRowModal>;
  onBusinessChange: (id: number, changes: Partial<BusinessRow>) => void;
  onBusinessDeleted: (id: number) => void;
}

export function RowModals({ state, onBusinessChange, onBusinessDeleted }: RowModalsProps) {
  const { modal, close, patch, forgetOpener } = state;
  if (!modal) return null;
  const { business } = modal;
  const changed = (changes: Partial<BusinessRow>) => {
    patch(changes);
    onBusinessChange(business.id, changes);
  };
  /** A save found the business deleted meanwhile: its row goes, the modal stays to say so. */
  const gone = () => {
    forgetOpener();
    onBusinessDeleted(business.id);
  };

  return (
    <ModalSuspense onClose={close}>
      {modal.action === 'history' ? (
        <HistoryModal
          business={business}
          onClose={close}
          // Back from the business page gives the focus to this business's row again.
          onOpenBusiness={() => rememberOpened(business.business_registry_number)}
        />
      ) : null}
      {modal.action === 'edit' ? (
        <EditBusinessModal business={business} onSaved={changed} onGone={gone} onClose={close} />
      ) : null}
      {modal.action === 'verification' ? (
        <VerificationModal business={business} onSaved={changed} onGone={gone} onClose={close} />
      ) : null}
      {modal.action === 'email' ? (
        <EmailChangeModal business={business} onChanged={changed} onGone={gone} onClose={close} />
      ) : null}
      {modal.action === 'delete' ? (
        <DeleteBusinessModal business={business} onDeleted={gone} onReloaded={changed} onClose={close} />
      ) : null}
    </ModalSuspense>
  );
}
