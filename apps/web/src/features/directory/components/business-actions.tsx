// The row actions of the directory (SPEC §2): history, verification, email change and, for the master
// login only, deletion. Each opens its modal; closing one puts focus back on the button that opened it.
import { History, Mail, ShieldCheck, Trash2 } from 'lucide-react';
import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import type { BusinessRow } from '../../../api/business-data-api.ts';
import { useSession } from '../../../session/use-session.ts';
import { Button } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import {
  DeleteBusinessModal,
  EmailChangeModal,
  HistoryModal,
  ModalSuspense,
  preloadModals,
  VerificationModal,
} from './lazy-modals.tsx';

export interface BusinessActionsProps {
  business: BusinessRow;
  /** After a change saved in a modal (verification flags, new email), with the updated fields. */
  onBusinessChange: (changes: Partial<BusinessRow>) => void;
  /** After the business was deleted (the modal's success message has been shown). */
  onBusinessDeleted: () => void;
  /** 'row' in the desktop table, 'card' in the phone cards. */
  layout?: 'row' | 'card';
}

type Action = 'history' | 'verification' | 'email' | 'delete';

interface ActionButtonProps {
  label: string;
  text: string;
  icon: ReactNode;
  layout: 'row' | 'card';
  danger?: boolean;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
}

function ActionButton({ label, text, icon, layout, danger, onClick }: ActionButtonProps) {
  const card = layout === 'card';
  return (
    <Button
      variant={card ? 'secondary' : 'ghost'}
      aria-label={label}
      title={label}
      onClick={onClick}
      onPointerEnter={preloadModals}
      onFocus={preloadModals}
      icon={icon}
      className={cn(
        card ? 'w-full min-w-0 px-3' : 'size-10 px-0',
        danger ? 'text-red-700 hover:bg-red-50 hover:text-red-800' : 'text-slate-600 hover:text-blue-700',
      )}
    >
      {card ? text : null}
    </Button>
  );
}

export function BusinessActions({
  business,
  onBusinessChange,
  onBusinessDeleted,
  layout = 'row',
}: BusinessActionsProps) {
  const { session } = useSession();
  const [open, setOpen] = useState<Action | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  // Saved changes reach the row when the modal closes, so the row never re-renders under an open modal.
  const pendingChange = useRef<Partial<BusinessRow> | null>(null);
  const deleted = useRef(false);

  const name = business.business_name;
  const icon = 'size-5 shrink-0';

  useEffect(() => {
    if (open !== null || !opener.current) return;
    const button = opener.current;
    // The dialog gives focus back only to a Radix trigger; ours is a plain button, focused once the
    // dialog (and its focus trap) is gone.
    const timer = setTimeout(() => {
      if (button.isConnected) button.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [open]);

  const openAction = (action: Action) => (event: MouseEvent<HTMLButtonElement>) => {
    opener.current = event.currentTarget;
    setOpen(action);
  };

  const close = () => {
    setOpen(null);
    if (pendingChange.current) {
      onBusinessChange(pendingChange.current);
      pendingChange.current = null;
    }
    if (deleted.current) {
      deleted.current = false;
      opener.current = null;
      onBusinessDeleted();
    }
  };

  return (
    <div
      className={cn(
        layout === 'card' ? 'grid w-full grid-cols-2 gap-2' : 'flex items-center justify-end gap-1',
      )}
    >
      <ActionButton
        label={`Ver historial de ${name}`}
        text="Historial"
        icon={<History className={icon} aria-hidden="true" />}
        layout={layout}
        onClick={openAction('history')}
      />
      <ActionButton
        label={`Gestionar verificación de ${name}`}
        text="Verificación"
        icon={<ShieldCheck className={icon} aria-hidden="true" />}
        layout={layout}
        onClick={openAction('verification')}
      />
      <ActionButton
        label={`Actualizar email de ${name}`}
        text="Email"
        icon={<Mail className={icon} aria-hidden="true" />}
        layout={layout}
        onClick={openAction('email')}
      />
      {session?.loginType === 'master' ? (
        <ActionButton
          label={`Eliminar ${name}`}
          text="Eliminar"
          icon={<Trash2 className={icon} aria-hidden="true" />}
          layout={layout}
          danger
          onClick={openAction('delete')}
        />
      ) : null}

      <ModalSuspense>
        {open === 'history' ? <HistoryModal business={business} onClose={close} /> : null}
        {open === 'verification' ? (
          <VerificationModal
            business={business}
            onSaved={(flags) => {
              pendingChange.current = flags;
            }}
            onClose={close}
          />
        ) : null}
        {open === 'email' ? (
          <EmailChangeModal
            business={business}
            onChanged={(newEmail) => {
              pendingChange.current = { business_email: newEmail, verified_email: false };
            }}
            onClose={close}
          />
        ) : null}
        {open === 'delete' ? (
          <DeleteBusinessModal
            business={business}
            onDeleted={() => {
              deleted.current = true;
            }}
            onClose={close}
          />
        ) : null}
      </ModalSuspense>
    </div>
  );
}
