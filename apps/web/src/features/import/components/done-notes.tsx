// What the result of a done import says: every row processed, or how many were imported and how
// many were not (their errors), and where those rows are.
import type { ImportRecord } from '../../../api/business-import-api.ts';
import { plural } from '../../../lib/plural.ts';
import { formatCount } from '../../../lib/size-label.ts';

type Done = Pick<ImportRecord, 'total_rows' | 'error_count' | 'file_name'>;

/** A done import with rows in error is a warning, not a success. */
export const doneBanner = (record: Done) =>
  record.error_count > 0
    ? ({ tone: 'warning', title: 'Importación terminada con errores' } as const)
    : ({ tone: 'success', title: 'Importación terminada' } as const);

/** How many rows were imported of how many, and how many were not. */
export function doneText({ total_rows: total, error_count: errors, file_name: file }: Done): string {
  if (errors === 0) {
    return total === 1
      ? `Se procesó la fila de «${file}».`
      : `Se procesaron las ${formatCount(total)} filas de «${file}».`;
  }
  const imported = total - errors;
  if (imported <= 0) {
    return total === 1
      ? `No se importó la fila de «${file}»: tiene errores.`
      : `No se importó ninguna de las ${formatCount(total)} filas de «${file}»: todas tienen errores.`;
  }
  const notImported =
    errors === 1
      ? '1 fila tiene errores y no se importó'
      : `${formatCount(errors)} filas tienen errores y no se importaron`;
  return `Se ${plural(imported, 'importó', 'importaron')} ${formatCount(imported)} de las ${formatCount(total)} filas de «${file}»; ${notImported}.`;
}

/** Where the rows in error are, and what to do with them. */
export const errorRowsHint = (errors: number): string =>
  errors === 1
    ? 'Revísela en la lista de abajo o descárguela con «Descargar errores» para corregirla e importarla de nuevo.'
    : 'Revíselas en la lista de abajo o descárguelas con «Descargar errores» para corregirlas e importarlas de nuevo.';

export function DoneNotes({ record }: { record: Done }) {
  return (
    <>
      <p>{doneText(record)}</p>
      {record.error_count > 0 ? <p className="mt-2">{errorRowsHint(record.error_count)}</p> : null}
    </>
  );
}
