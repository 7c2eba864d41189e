// The bar that follows the list while businesses are selected: the count, 'Seleccionar
// los N resultados' for the whole search (up to 1,000), and the bulk actions. On a phone it stays
// one line ('Acciones' opens the rest), so it covers little of the cards.
import { BULK_MAX_BUSINESSES } from '@portal/contract/business-bulk';
import { BadgeCheck, ChevronDown, Download, Phone, Tags, Trash2, X } from 'lucide-react';
import { type Ref, useId, useState } from 'react';
import { useToastLift } from '../../../lib/use-toast-lift.ts';
import { Button } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';
import type { BulkKind } from '../api/use-bulk-action.ts';
import { selectedLabel } from '../bulk-wording.ts';
import { formatCount } from '../directory-wording.ts';

interface BulkActionBarProps {
  count: number;
  /** How many the whole search matches (null: unknown); capped: more than that. */
  total: number | null;
  capped: boolean;
  master: boolean;
  selectingAll: boolean;
  selectAllError: string | null;
  exporting: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  onAction: (kind: BulkKind) => void;
  onExport: () => void;
  sectionRef?: Ref<HTMLElement>;
}

const icon = (Icon: typeof X) => <Icon className="size-4" aria-hidden="true" />;

export function BulkActionBar(props: BulkActionBarProps) {
  const { count, total } = props;
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const liftRef = useToastLift(props.sectionRef);
  if (count === 0) return null;
  const whole = total === null ? null : Math.min(total, BULK_MAX_BUSINESSES);
  const canSelectAll = whole !== null && (count < whole || (props.capped && count < BULK_MAX_BUSINESSES));
  const selectAll =
    canSelectAll && whole !== null ? (
      <Button variant="ghost" loading={props.selectingAll} onClick={props.onSelectAll}>
        {total !== null && (total > BULK_MAX_BUSINESSES || props.capped)
          ? `Seleccionar los primeros ${formatCount(whole)} resultados`
          : `Seleccionar los ${formatCount(whole)} resultados`}
      </Button>
    ) : null;
  // While the whole search's numbers are read, an action would act on the selection before them.
  const action = { variant: 'secondary' as const, disabled: props.selectingAll };
  const clear = (
    <Button variant="ghost" icon={icon(X)} onClick={props.onClear}>
      Quitar selección
    </Button>
  );
  return (
    <section
      ref={liftRef}
      data-lifts-toasts
      aria-label="Acciones sobre la selección"
      className="sticky bottom-2 z-20 rounded-lg border border-blue-200 bg-blue-50 p-2 shadow-md md:bottom-3 md:p-3"
    >
      <div className="flex flex-wrap items-center gap-2">
        <p
          className="min-w-0 flex-1 pl-1 text-sm font-semibold text-blue-950 md:flex-none"
          aria-live="polite"
        >
          {selectedLabel(count)}
          {count >= BULK_MAX_BUSINESSES ? (
            <span className="font-normal text-blue-800"> (máximo {formatCount(BULK_MAX_BUSINESSES)})</span>
          ) : null}
        </p>
        <div className="hidden md:contents">
          {selectAll}
          {clear}
        </div>
        <Button
          variant="secondary"
          className="md:hidden"
          aria-expanded={open}
          aria-controls={panelId}
          icon={
            <ChevronDown
              className={cn('size-4 transition-transform', open && 'rotate-180')}
              aria-hidden="true"
            />
          }
          onClick={() => setOpen((now) => !now)}
        >
          Acciones
        </Button>
        <div
          id={panelId}
          className={cn(
            'w-full flex-col gap-2 md:ml-auto md:flex md:w-auto md:flex-row md:flex-wrap md:justify-end',
            open ? 'flex' : 'hidden',
          )}
        >
          <div className="flex flex-wrap gap-2 md:hidden">
            {selectAll}
            {clear}
          </div>
          <Button {...action} icon={icon(BadgeCheck)} onClick={() => props.onAction('verify_email')}>
            Verificar email
          </Button>
          <Button {...action} icon={icon(Phone)} onClick={() => props.onAction('verify_phone')}>
            Verificar teléfono
          </Button>
          <Button {...action} icon={icon(Tags)} onClick={() => props.onAction('category')}>
            Cambiar categoría
          </Button>
          <Button {...action} icon={icon(Download)} loading={props.exporting} onClick={props.onExport}>
            Exportar selección
          </Button>
          {props.master ? (
            <Button
              variant="danger"
              disabled={props.selectingAll}
              icon={icon(Trash2)}
              onClick={() => props.onAction('delete')}
            >
              Eliminar
            </Button>
          ) : null}
        </div>
      </div>
      {props.selectAllError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {props.selectAllError}
        </p>
      ) : null}
    </section>
  );
}
