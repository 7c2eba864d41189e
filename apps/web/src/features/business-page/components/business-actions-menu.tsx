// The header's row actions on a phone: one 'Acciones' menu instead of four stacked buttons, so the
// business's sections start on the first screen. Wider screens show the buttons.
import { ChevronDown, Mail, Pencil, ShieldCheck, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { preloadModals } from '../../../ui/business/row-modals/lazy-modals.tsx';
import { cn, focusRing } from '../../../ui/cn.ts';
import type { HeaderAction } from './business-header.tsx';

const item =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-2.5 text-sm font-medium outline-none';
const plain = cn(item, 'text-slate-700 data-[highlighted]:bg-slate-100');

export function BusinessActionsMenu({
  master,
  onAction,
  className,
}: {
  master: boolean;
  onAction: (action: HeaderAction) => void;
  className?: string;
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        onPointerEnter={preloadModals}
        onFocus={preloadModals}
        className={cn(
          'inline-flex min-h-11 items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 shadow-xs hover:bg-slate-50',
          focusRing,
          className,
        )}
      >
        Acciones
        <ChevronDown className="size-4" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          className="z-50 min-w-56 rounded-lg border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Item className={plain} onSelect={() => onAction('edit')}>
            <Pencil className="size-4" aria-hidden="true" />
            Editar datos
          </DropdownMenu.Item>
          <DropdownMenu.Item className={plain} onSelect={() => onAction('verification')}>
            <ShieldCheck className="size-4" aria-hidden="true" />
            Gestionar Verificación
          </DropdownMenu.Item>
          <DropdownMenu.Item className={plain} onSelect={() => onAction('email')}>
            <Mail className="size-4" aria-hidden="true" />
            Actualizar Email
          </DropdownMenu.Item>
          {master ? (
            <DropdownMenu.Item
              className={cn(item, 'text-red-700 data-[highlighted]:bg-red-50')}
              onSelect={() => onAction('delete')}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Eliminar
            </DropdownMenu.Item>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
