import { XCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import type { ImportRecord } from '../../../api/business-import-api.ts';
import { formatCount } from '../../../lib/size-label.ts';
import { useFocusIfLost } from '../../../lib/use-focus-if-lost.ts';
import { Banner } from '../../../ui/banner.tsx';
import { Button } from '../../../ui/button.tsx';
import { CancelImportDialog } from './cancel-import-dialog.tsx';

const title = (record: ImportRecord) => {
  if (record.cancel_requested) return 'Cancelando la importación...';
  return record.status === 'queued' ? 'Importación en cola' : 'Importando negocios...';
};

/**
 * The job's progress: rows processed of the file's rows (polled; survives a reload via the URL),
 * and 'Cancelar importación', which stops it after the batch in progress. `readError`: the last
 * read of the progress failed (offline, server down), so the figures shown may be old.
 */
export function ImportProgress({
  record,
  readError = null,
}: {
  record: ImportRecord;
  readError?: Error | null;
}) {
  const [confirming, setConfirming] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusIfLost(heading);
  const percent = record.total_rows === 0 ? 0 : Math.floor((record.processed_rows / record.total_rows) * 100);
  return (
    <section
      aria-labelledby="import-progress"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-6"
    >
      <h2
        id="import-progress"
        ref={heading}
        tabIndex={-1}
        className="text-base font-semibold text-slate-900 focus:outline-none"
      >
        {title(record)}
      </h2>
      <div
        role="progressbar"
        aria-labelledby="import-progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent} %`}
        className="h-3 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-blue-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-slate-600" aria-live="polite">
        {formatCount(record.processed_rows)} de {formatCount(record.total_rows)} filas procesadas.{' '}
        {record.cancel_requested
          ? 'La importación se detendrá al terminar el lote de filas en curso; lo ya aplicado se mantiene.'
          : 'Puede salir de esta página: la importación sigue en el servidor.'}
      </p>
      {readError ? (
        <Banner tone="warning" title="No se pudo consultar el avance">
          {readError.message} Las cifras pueden no estar al día; se vuelve a consultar automáticamente y la
          importación sigue en el servidor.
        </Banner>
      ) : null}
      {record.cancel_requested ? null : (
        <div className="border-t border-slate-100 pt-4">
          <Button
            variant="secondary"
            onClick={() => setConfirming(true)}
            icon={<XCircle className="size-4" aria-hidden="true" />}
          >
            Cancelar importación
          </Button>
        </div>
      )}
      <CancelImportDialog
        record={record}
        open={confirming}
        onClose={() => setConfirming(false)}
        // The button that opened it is gone once a cancel is asked (here or in another tab): the
        // heading says so.
        focusFallback={heading}
      />
    </section>
  );
}
