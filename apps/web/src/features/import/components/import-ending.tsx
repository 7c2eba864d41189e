// What the result of a cancelled or stopped import says: why it stopped, how far it got, how its
// results file shows the rows not applied, and what to do about them.
import { IMPORT_FAILURE_REASON_LABELS, type ImportFailureReason } from '@portal/contract/business-import';
import type { ImportRecord } from '../../../api/business-import-api.ts';
import { plural } from '../../../lib/plural.ts';
import { formatCount } from '../../../lib/size-label.ts';

export type Ending = 'cancelled' | 'failed';

const ENDING = {
  cancelled: { before: 'antes de cancelar', none: 'Se canceló antes de empezar' },
  failed: { before: 'antes de detenerse', none: 'Se detuvo antes de empezar' },
} as const;

/** What the results file calls a row not run, by how the import ended (the server's words). */
const NOT_RUN_LABELS = {
  cancelled: 'No aplicado: importación cancelada',
  failed: 'No aplicado: la importación se detuvo',
} as const;

/** What to do about the rows a stopped import did not apply, by why it stopped. */
const NEXT_STEP: Record<ImportFailureReason, string> = {
  owner_inactive: 'Para aplicarlas, vuelva a importar esas filas desde una cuenta activa.',
  database: 'Para aplicarlas, espere unos minutos y vuelva a importar esas filas.',
  unexpected: 'Para aplicarlas, vuelva a importar esas filas.',
};

const sentences = (...parts: (string | null)[]) => parts.filter(Boolean).join(' ');

/**
 * How far a cancelled or stopped import got: the rows run before it ended, and those left
 * unapplied.
 */
export function unfinishedText(record: ImportRecord, ending: Ending): string {
  const { processed_rows: run, total_rows: total } = record;
  if (run === 0) {
    return `${ENDING[ending].none}: no se aplicó ${total === 1 ? 'la fila' : `ninguna de las ${formatCount(total)} filas`} de «${record.file_name}».`;
  }
  const left = total - run;
  const before = `Se ${plural(run, 'procesó', 'procesaron')} ${formatCount(run)} de ${formatCount(total)} filas ${ENDING[ending].before}`;
  if (left === 0) return `${before}.`;
  return `${before}; ${left === 1 ? 'la fila restante no se aplicó' : `las ${formatCount(left)} restantes no se aplicaron`}.`;
}

/**
 * How the results file shows the rows not applied: marked, or left out (an import that stopped
 * before the server marked them); nothing when it has no file.
 */
function rowsNotRunInFile(record: ImportRecord, ending: Ending): string | null {
  if (record.row_results === 'all')
    return `El resultado por fila las marca como «${NOT_RUN_LABELS[ending]}».`;
  if (record.row_results === 'rows_run') return 'El resultado por fila solo incluye las filas procesadas.';
  return null;
}

/**
 * The text of a cancelled or stopped import's banner: what happened (why it stopped, how far it
 * got), then what is left (how the results file shows the rows not applied, what to do with them).
 */
export function EndingNotes({ record, ending }: { record: ImportRecord; ending: Ending }) {
  const reason = ending === 'failed' ? (record.failure_reason ?? 'unexpected') : null;
  const left = record.processed_rows < record.total_rows;
  const happened = sentences(reason && IMPORT_FAILURE_REASON_LABELS[reason], unfinishedText(record, ending));
  const next = left ? sentences(rowsNotRunInFile(record, ending), reason && NEXT_STEP[reason]) : '';
  return (
    <>
      <p>{happened}</p>
      {next ? <p className="mt-2">{next}</p> : null}
    </>
  );
}
