// The row actions of the directory (SPEC §2): history, verification, email change and, for the master
// login only, deletion. Each asks the screen to open its modal (row-modals.tsx).
import { History, Mail, Pencil, ShieldCheck, Trash2 } from 'lucide-react';
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

/** The actions in their order: the master also deletes. Labels name the business (SPEC §2). */
const ACTIONS: readonly {
  action: RowAction;
  label: (name: string) => string;
  text: string;
  Icon: typeof History;
  masterOnly?: boolean;
}[] = [
  { action: 'history', label: (name) => `Ver historial de ${name}`, text: 'Historial', Icon: History },
  { action: 'edit', label: (name) => `Editar datos de ${name}`, text: 'Editar', Icon: Pencil },
  {
    action: 'verification',
    label: (name) => `Gestionar verificación de ${name}`,
    text: 'Verificación',
    Icon: ShieldCheck,
  },
  { action: 'email', label: (name) => `Actualizar email de ${name}`, text: 'Email', Icon: Mail },
  { action: 'delete', label: (name) => `Eliminar ${name}`, text: 'Eliminar', Icon: Trash2, masterOnly: true },
];

export function BusinessActions({ business, onOpen, layout = 'row' }: BusinessActionsProps) {
  const { session } = useSession();
  const master = session?.loginType === 'master';
  return (
    <div
      className={cn(
        layout === 'card' ? 'grid w-full grid-cols-2 gap-2' : 'flex items-center justify-end gap-1',
      )}
    >
      {ACTIONS.filter((item) => master || !item.masterOnly).map(
        ({ action, label, text, Icon, masterOnly }) => (
          <ActionButton
            key={action}
            label={label(business.business_name)}
            text={text}
            icon={<Icon className="size-5 shrink-0" aria-hidden="true" />}
            layout={layout}
            danger={masterOnly}
            onClick={(event) => onOpen(action, business, event.currentTarget)}
          />
        ),
      )}
    </div>
  );
}
