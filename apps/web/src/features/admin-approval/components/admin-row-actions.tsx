import type { AdminAccount } from '@portal/contract/admin-registration';
import { CheckCircle2, KeyRound, LockOpen, MonitorSmartphone, Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../../ui/button.tsx';
import { cn, focusRing } from '../../../ui/cn.ts';
import { fullName } from '../admin-status.ts';

export interface AdminRowHandlers {
  onSelect: (admin: AdminAccount, checked: boolean) => void;
  onActivate: (admin: AdminAccount) => void;
  onUnlock: (admin: AdminAccount) => void;
  onEdit: (admin: AdminAccount) => void;
  onResetPassword: (admin: AdminAccount) => void;
  onDelete: (admin: AdminAccount) => void;
  /** 'Sesiones': where the admin is signed in. */
  onSessions: (admin: AdminAccount) => void;
  /** The one-click action (approve/activate, unlock) on its way, if any. */
  busy: { adminId: number; action: 'activate' | 'unlock' } | null;
}

interface AdminRowActionsProps extends AdminRowHandlers {
  admin: AdminAccount;
  locked: boolean;
  /** Cards (narrow screens) spell the secondary actions out; the table shows icons with names. */
  layout: 'table' | 'card';
}

const iconButton = cn(
  'inline-flex size-10 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  focusRing,
);

export function AdminRowActions({ admin, locked, layout, busy, ...on }: AdminRowActionsProps) {
  const name = fullName(admin);
  const busyWith = busy?.adminId === admin.admin_id ? busy.action : null;
  const secondary: {
    label: string;
    short: string;
    icon: typeof Pencil;
    run: typeof on.onEdit;
    danger: boolean;
    named?: string;
  }[] = [
    { label: 'Editar', short: 'Editar', icon: Pencil, run: on.onEdit, danger: false },
    {
      label: 'Restablecer contraseña',
      short: 'Contraseña',
      icon: KeyRound,
      run: on.onResetPassword,
      danger: false,
    },
    {
      label: 'Sesiones',
      short: 'Sesiones',
      icon: MonitorSmartphone,
      run: on.onSessions,
      danger: false,
      named: `Sesiones de ${name}`,
    },
    { label: 'Eliminar', short: 'Eliminar', icon: Trash2, run: on.onDelete, danger: true },
  ];
  const activateLabel = admin.access_status === 'pending' ? 'Aprobar' : 'Activar';
  const card = layout === 'card';
  const oneClick = (
    <>
      {admin.access_status !== 'active' ? (
        <Button
          onClick={() => on.onActivate(admin)}
          disabled={busy !== null}
          loading={busyWith === 'activate'}
          icon={<CheckCircle2 className="size-4" aria-hidden="true" />}
          aria-label={`${activateLabel} a ${name}`}
          className={card ? 'flex-1' : undefined}
        >
          {activateLabel}
        </Button>
      ) : null}
      {locked ? (
        <Button
          variant="secondary"
          onClick={() => on.onUnlock(admin)}
          disabled={busy !== null}
          loading={busyWith === 'unlock'}
          icon={<LockOpen className="size-4" aria-hidden="true" />}
          aria-label={`Desbloquear a ${name}`}
          className={card ? 'flex-1' : undefined}
        >
          Desbloquear
        </Button>
      ) : null}
    </>
  );

  if (!card) {
    return (
      <div className="flex items-center justify-end gap-1">
        <div className="mr-1 flex items-center gap-2">{oneClick}</div>
        {secondary.map((action) => (
          <button
            key={action.label}
            type="button"
            title={action.label}
            aria-label={action.named ?? `${action.label} a ${name}`}
            onClick={() => action.run(admin)}
            className={cn(iconButton, action.danger && 'text-red-600 hover:bg-red-50 hover:text-red-700')}
          >
            <action.icon className="size-4" aria-hidden="true" />
          </button>
        ))}
      </div>
    );
  }

  // Narrow screens: the one-click actions on a row of their own, the others spelled out below.
  return (
    <div className="space-y-2">
      {admin.access_status !== 'active' || locked ? <div className="flex gap-2">{oneClick}</div> : null}
      <div className="grid grid-cols-2 gap-2">
        {secondary.map((action) => (
          <Button
            key={action.label}
            variant="secondary"
            onClick={() => action.run(admin)}
            aria-label={action.named ?? `${action.label} a ${name}`}
            className={cn('flex-1', action.danger && 'text-red-700')}
          >
            {action.short}
          </Button>
        ))}
      </div>
    </div>
  );
}
