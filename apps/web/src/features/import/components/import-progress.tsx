import type { ImportRecord } from '../../../api/business-import-api.ts';
import { formatCount } from '../../../lib/size-label.ts';

/** The job's progress: rows processed of the file's rows (polled; survives a reload via the URL). */
export function ImportProgress({ record }: { record: ImportRecord }) {
  const percent = record.total_rows === 0 ? 0 : Math.floor((record.processed_rows / record.total_rows) * 100);
  return (
    <section
      aria-labelledby="import-progress"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-6"
    >
      <h2 id="import-progress" className="text-base font-semibold text-slate-900">
        {record.status === 'queued' ? 'Importación en cola' : 'Importando negocios...'}
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
        {formatCount(record.processed_rows)} de {formatCount(record.total_rows)} filas procesadas. Puede salir
        de esta página: la importación sigue en el servidor.
      </p>
    </section>
  );
}
