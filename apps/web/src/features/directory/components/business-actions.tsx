// The row actions of the directory (SPEC §2): history, verification, email change and, for the master
// login only, deletion. Each asks the screen to open its modal (row-modals.tsx).
import { History, Mail, ShieldCheck, Trash2 } from 'lucide-react';
import type { MouseEvent, ReactNode } from 'react';
import type { BusinessRow } from '../../../api/business-data-api.ts';
import { useSession } from '../../../session/use-session.ts';
import { preloadModals } from '../../../ui/business/row-modals/lazy-modals.tsx';
import { Button } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import type { OpenRowAction, RowAction } from './row-modals.tsx';

export interface BusinessActionsProps {
  business: BusinessRow;
  /** Opens the action's modal, which the directory screen holds (row-modals.tsx). */
  onOpen: OpenRowAction;
  /** 'row' in the desktop table, 'card' in the phone cards. */
  layout?: 'row' | 'card';
}

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

export function BusinessActions({ business, onOpen, layout = 'row' }: BusinessActionsProps) {
  const { session } = useSession();
  const name = business.business_name;
  const icon = 'size-5 shrink-0';
  const openAction = (action: RowAction) => (event: MouseEvent<HTMLButtonElement>) =>
    onOpen(action, business, event.currentTarget);

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
    </div>
  );
}
