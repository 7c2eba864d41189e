import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  downloadImportErrors,
  downloadImportResults,
  type ImportRecord,
} from '../../../api/business-import-api.ts';
import { displayMessage } from '../../../lib/message-translator.ts';
import { plural } from '../../../lib/plural.ts';
import { formatCount } from '../../../lib/size-label.ts';
import { Banner } from '../../../ui/banner.tsx';
import { Button } from '../../../ui/button.tsx';
import { focusRing } from '../../../ui/cn.ts';
import { useImportMutations } from '../api/use-business-import.ts';
import { ImportCounts } from './import-counts.tsx';
import { OwnerAccessStatus } from './owner-access-status.tsx';

/** The files a finished import offers: its rows in error, and what it did to each row. */
const FILES = { errors: downloadImportErrors, results: downloadImportResults } as const;

/** What the results file calls a row not run, by how the import ended (the server's words). */
const NOT_RUN_LABELS = {
  cancelled: 'No aplicado: importación cancelada',
  failed: 'No aplicado: la importación se detuvo',
} as const;

const ENDING = {
  cancelled: { before: 'antes de cancelar', none: 'Se canceló antes de empezar' },
  failed: { before: 'antes de detenerse', none: 'Se detuvo antes de empezar' },
} as const;

/**
 * How far a cancelled or stopped import got: the rows run before it ended, and those left
 * unapplied.
 */
export function unfinishedText(record: ImportRecord, ending: keyof typeof ENDING): string {
  const { processed_rows: run, total_rows: total } = record;
  if (run === 0) {
    return `${ENDING[ending].none}: no se aplicó ${total === 1 ? 'la fila' : `ninguna de las ${formatCount(total)} filas`} de «${record.file_name}».`;
  }
  const left = total - run;
  const before = `Se ${plural(run, 'procesó', 'procesaron')} ${formatCount(run)} de ${formatCount(total)} filas ${ENDING[ending].before}`;
  if (left === 0) return `${before}.`;
  return `${before}; ${left === 1 ? 'la fila restante no se aplicó' : `las ${formatCount(left)} restantes no se aplicaron`}.`;
}

const BANNERS = {
  done: { tone: 'success', title: 'Importación terminada' },
  failed: { tone: 'error', title: 'La importación se detuvo' },
  cancelled: { tone: 'warning', title: 'Importación cancelada' },
} as const;

/**
 * A finished import: what it did, where its owners' access mails stand, its rows in error to
 * download, fix and import again, and what it did to each row (the registry number each new
 * business got).
 */
export function ImportResult({ record, onAnother }: { record: ImportRecord; onAnother: () => void }) {
  const { retryOwnerAccess } = useImportMutations();
  const [downloading, setDownloading] = useState<keyof typeof FILES | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async (file: keyof typeof FILES) => {
    setDownloading(file);
    setFailure(null);
    try {
      await FILES[file](record.import_id);
    } catch (error) {
      setFailure(displayMessage((error as Error).message));
    } finally {
      setDownloading(null);
    }
  };
  const failed = record.status === 'failed';
  const cancelled = record.status === 'cancelled';
  const ending = cancelled ? 'cancelled' : failed ? 'failed' : null;
  const banner = BANNERS[ending ?? 'done'];
  return (
    <section aria-labelledby="result-title" className="space-y-4">
      <Banner tone={banner.tone} title={banner.title}>
        <p>
          {ending
            ? unfinishedText(record, ending)
            : record.total_rows === 1
              ? `Se procesó la fila de «${record.file_name}».`
              : `Se procesaron las ${formatCount(record.total_rows)} filas de «${record.file_name}».`}
        </p>
        {ending && record.processed_rows < record.total_rows ? (
          <p className="mt-1">El resultado por fila las marca como «{NOT_RUN_LABELS[ending]}».</p>
        ) : null}
      </Banner>
      <h2 id="result-title" className="text-base font-semibold text-slate-900">
        Resultado
      </h2>
      {record.summary ? <ImportCounts summary={record.summary} done /> : null}
      {record.owner_access ? (
        <OwnerAccessStatus
          access={record.owner_access}
          onRetry={() => retryOwnerAccess.mutate(record.import_id)}
          retrying={retryOwnerAccess.isPending}
          retryError={retryOwnerAccess.error}
        />
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        {record.error_count > 0 ? (
          <Button
            variant="secondary"
            onClick={() => void download('errors')}
            loading={downloading === 'errors'}
            icon={<Download className="size-4" aria-hidden="true" />}
          >
            Descargar errores
          </Button>
        ) : null}
        {/* Every ended import has its rows' results: run, or marked not applied. */}
        <Button
          variant="secondary"
          onClick={() => void download('results')}
          loading={downloading === 'results'}
          icon={<Download className="size-4" aria-hidden="true" />}
        >
          Descargar resultado por fila
        </Button>
        <Button variant="secondary" onClick={onAnother}>
          Importar otro archivo
        </Button>
        <Link
          to="/admin-dashboard"
          className={`inline-flex h-10 items-center rounded-md px-4 text-sm font-medium text-blue-700 hover:bg-blue-50 ${focusRing}`}
        >
          Ir al directorio
        </Link>
      </div>
      {record.error_count > 1000 ? (
        <p className="text-sm text-slate-600">
          El archivo de errores incluye las primeras 1,000 filas con errores; el resultado por fila las
          incluye todas.
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
    </section>
  );
}
