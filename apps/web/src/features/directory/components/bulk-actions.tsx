// The directory's bulk actions: the bar over the selection, its confirmation modal,
// 'Seleccionar los N resultados' (the registry numbers of the whole search) and the CSV export
// of the selection.
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { searchRegistryNumbers } from '../../../api/business-bulk-api.ts';
import type { BusinessFilterQuery, BusinessRow } from '../../../api/business-data-api.ts';
import { failureText } from '../../../lib/failure-text.ts';
import type { BulkKind } from '../api/use-bulk-action.ts';
import { cachedRows, shownRows } from '../api/use-directory-cache.ts';
import { saveText, selectedRows, selectionCsv } from '../bulk-export.ts';
import { leavesSelection } from '../bulk-wording.ts';
import { exportFileName } from '../directory-wording.ts';
import type { BulkSelection } from '../use-bulk-selection.ts';
import { BulkActionBar } from './bulk-action-bar.tsx';
import { BulkActionModal } from './bulk-action-modal.tsx';

interface BulkActionsProps {
  selection: BulkSelection;
  filters: BusinessFilterQuery;
  count: { total: number; capped: boolean } | null;
  master: boolean;
}

const shown = (element: HTMLElement) => element.getClientRects().length > 0;

/** The first shown control of `root` that `pick` accepts. */
function firstShown(root: Element | null | undefined, selector: string, pick = (_: HTMLElement) => true) {
  const all = root ? Array.from(root.querySelectorAll<HTMLElement>(selector)) : [];
  return all.find((element) => shown(element) && pick(element)) ?? null;
}

/** The file of 'Exportar selección': the directory export's name with '-seleccion'. */
const selectionFileName = () =>
  exportFileName(new Date(), 'csv').replace('directorio-negocios', 'directorio-seleccion');

export function BulkActions({ selection, filters, count, master }: BulkActionsProps) {
  const [open, setOpen] = useState<{ kind: BulkKind; rows: Map<string, BusinessRow | null> } | null>(null);
  const [selectingAll, setSelectingAll] = useState(false);
  const [selectAllError, setSelectAllError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const queryClient = useQueryClient();
  // The button pressed may leave with the bar (or turn into another): the focus is placed once React
  // has drawn the result, never dropped on the page.
  const bar = useRef<HTMLElement>(null);
  const results = useRef<Element | null>(null);
  const rememberResults = () => {
    results.current = bar.current?.parentElement ?? results.current;
  };
  const focusLater = (find: () => HTMLElement | null) => {
    rememberResults();
    // Still on the control that asked (a busy button keeps the focus until it leaves): moved on too.
    const asking = document.activeElement;
    setTimeout(() => {
      const active = document.activeElement;
      if (active && active !== document.body && active.isConnected && active !== asking) return;
      find()?.focus();
    }, 0);
  };
  /** With the bar gone, the first row checkbox shown (the page's one heads the table). */
  const focusCheckboxes = () => focusLater(() => firstShown(results.current, 'input[type="checkbox"]'));
  const focusInBar = (label: string) =>
    focusLater(() => firstShown(bar.current, 'button', (button) => button.textContent === label));

  const selectAll = async () => {
    setSelectingAll(true);
    setSelectAllError(null);
    try {
      const answer = await searchRegistryNumbers(filters);
      selection.addNumbers(answer.registry_numbers);
      focusInBar('Quitar selección');
    } catch (error) {
      setSelectAllError(failureText(error, 'No se pudieron seleccionar los resultados.'));
    } finally {
      setSelectingAll(false);
    }
  };

  const exportSelection = async () => {
    setExporting(true);
    try {
      const rows = await selectedRows(selection.selected, filters, cachedRows(queryClient));
      const filename = selectionFileName();
      saveText(selectionCsv(rows), filename);
      toast.success(`Exportación lista: ${filename}`, {
        description: `${rows.length === 1 ? '1 negocio' : `${rows.length} negocios`} en el archivo.`,
      });
    } catch (error) {
      toast.error('No se pudo exportar la selección', {
        description: failureText(error, 'La solicitud no se pudo completar.'),
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <BulkActionBar
        count={selection.count}
        total={count?.total ?? null}
        capped={count?.capped ?? false}
        master={master}
        selectingAll={selectingAll}
        selectAllError={selectAllError}
        exporting={exporting}
        onSelectAll={() => void selectAll()}
        onClear={() => {
          selection.clear();
          focusCheckboxes();
        }}
        onAction={(kind) => {
          rememberResults();
          setOpen({ kind, rows: shownRows(queryClient, selection.selected) });
        }}
        onExport={() => void exportSelection()}
        sectionRef={bar}
      />
      {open ? (
        <BulkActionModal
          kind={open.kind}
          rows={open.rows}
          onFinished={(outcome) =>
            // What was applied, or no longer exists, leaves the selection; what failed stays, ready for another try.
            selection.remove(
              outcome.results.filter(leavesSelection).map((line) => line.business_registry_number),
            )
          }
          onClose={() => {
            setOpen(null);
            // Everything applied: the bar that opened the modal is gone.
            if (selection.count === 0) focusCheckboxes();
          }}
        />
      ) : null}
    </>
  );
}
