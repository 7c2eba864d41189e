// The bar that follows the list while businesses are selected (issue #31): the count, 'Seleccionar
// los N resultados' for the whole search (up to 1,000), and the bulk actions.
import { BULK_MAX_BUSINESSES } from '@portal/contract/business-bulk';
import { BadgeCheck, Download, Phone, Tags, Trash2, X } from 'lucide-react';
import { Button } from '../../../ui/button.tsx';
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
}

export function BulkActionBar(props: BulkActionBarProps) {
  const { count, total } = props;
  if (count === 0) return null;
  const whole = total === null ? null : Math.min(total, BULK_MAX_BUSINESSES);
  const canSelectAll = whole !== null && (count < whole || (props.capped && count < BULK_MAX_BUSINESSES));
  const icon = (Icon: typeof X) => <Icon className="size-4" aria-hidden="true" />;
  return (
    <section
      aria-label="Acciones sobre la selección"
      className="sticky bottom-3 z-20 space-y-2 rounded-lg border border-blue-200 bg-blue-50 p-3 shadow-md"
    >
      <div className="flex flex-col gap-3 xl:flex-row xl:items-center xl:justify-between">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="text-sm font-semibold text-blue-950" aria-live="polite">
            {selectedLabel(count)}
            {count >= BULK_MAX_BUSINESSES ? (
              <span className="font-normal text-blue-800"> (máximo {formatCount(BULK_MAX_BUSINESSES)})</span>
            ) : null}
          </p>
          {canSelectAll && whole !== null ? (
            <Button variant="ghost" size="sm" loading={props.selectingAll} onClick={props.onSelectAll}>
              {total !== null && (total > BULK_MAX_BUSINESSES || props.capped)
                ? `Seleccionar los primeros ${formatCount(whole)} resultados`
                : `Seleccionar los ${formatCount(whole)} resultados`}
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" icon={icon(X)} onClick={props.onClear}>
            Quitar selección
          </Button>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" icon={icon(BadgeCheck)} onClick={() => props.onAction('verify_email')}>
            Verificar email
          </Button>
          <Button variant="secondary" icon={icon(Phone)} onClick={() => props.onAction('verify_phone')}>
            Verificar teléfono
          </Button>
          <Button variant="secondary" icon={icon(Tags)} onClick={() => props.onAction('category')}>
            Cambiar categoría
          </Button>
          <Button
            variant="secondary"
            icon={icon(Download)}
            loading={props.exporting}
            onClick={props.onExport}
          >
            Exportar selección
          </Button>
          {props.master ? (
            <Button variant="danger" icon={icon(Trash2)} onClick={() => props.onAction('delete')}>
              Eliminar
            </Button>
          ) : null}
        </div>
      </div>
      {props.selectAllError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {props.selectAllError}
        </p>
      ) : null}
    </section>
  );
}
