import { Download } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  downloadImportErrors,
  downloadImportResults,
  type ImportRecord,
} from '../../../api/business-import-api.ts';
import { displayMessage } from '../../../lib/message-translator.ts';
import { useFocusIfLost } from '../../../lib/use-focus-if-lost.ts';
import { Banner } from '../../../ui/banner.tsx';
import { Button } from '../../../ui/button.tsx';
import { focusRing } from '../../../ui/cn.ts';
import { useImportMutations } from '../api/use-business-import.ts';
import { DoneNotes, doneBanner } from './done-notes.tsx';
import { ImportCounts } from './import-counts.tsx';
import { EndingNotes } from './import-ending.tsx';
import { OwnerAccessStatus } from './owner-access-status.tsx';
import { ResultErrorRows } from './result-error-rows.tsx';

/** The files a finished import offers: its rows in error, and what it did to each row. */
const FILES = { errors: downloadImportErrors, results: downloadImportResults } as const;

const ENDING_BANNERS = {
  failed: { tone: 'error', title: 'La importación se detuvo' },
  cancelled: { tone: 'warning', title: 'Importación cancelada' },
} as const;

/**
 * A finished import: what it did, where its owners' access mails stand, its rows in error (listed,
 * and to download, fix and import again), and what it did to each row (the registry number each
 * new business got).
 */
export function ImportResult({ record, onAnother }: { record: ImportRecord; onAnother: () => void }) {
  const { retryOwnerAccess } = useImportMutations();
  const [downloading, setDownloading] = useState<keyof typeof FILES | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusIfLost(heading);
  // 'Reintentar envíos' leaves with its banner once no mail failed: the heading takes its focus.
  useFocusIfLost(heading, !record.owner_access?.failed);
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
  const banner = ending ? ENDING_BANNERS[ending] : doneBanner(record);
  const hasResults = record.row_results !== 'none';
  return (
    <section aria-labelledby="result-title" className="space-y-4">
      <Banner tone={banner.tone} title={banner.title}>
        {ending ? <EndingNotes record={record} ending={ending} /> : <DoneNotes record={record} />}
      </Banner>
      <h2
        id="result-title"
        ref={heading}
        tabIndex={-1}
        className="text-base font-semibold text-slate-900 focus:outline-none"
      >
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
      <ResultErrorRows record={record} />
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
        {/* An ended import has its rows' results (run, or marked not applied) unless it ran
            before the server kept them. */}
        {hasResults ? (
          <Button
            variant="secondary"
            onClick={() => void download('results')}
            loading={downloading === 'results'}
            icon={<Download className="size-4" aria-hidden="true" />}
          >
            Descargar resultado por fila
          </Button>
        ) : null}
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
      {record.error_count > 1000 && hasResults ? (
        <p className="text-sm text-slate-600">
          El archivo de errores incluye las primeras 1,000 filas con errores; el resultado por fila las
          incluye todas.
        </p>
      ) : null}
      {hasResults ? null : (
        <p className="text-sm text-slate-600">Esta importación no guardó el resultado por fila.</p>
      )}
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
    </section>
  );
}
