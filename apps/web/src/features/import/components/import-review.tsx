import { IMPORT_MSG, type ImportField, missingRequiredFields } from '@portal/contract/business-import';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../api/api-error.ts';
import type { ImportRecord, ImportRow } from '../../../api/business-import-api.ts';
import { businessColumnLabel } from '../../../lib/business-column-label.ts';
import { displayMessage } from '../../../lib/message-translator.ts';
import { plural } from '../../../lib/plural.ts';
import { formatCount } from '../../../lib/size-label.ts';
import { useFocusIfLost } from '../../../lib/use-focus-if-lost.ts';
import { Banner } from '../../../ui/banner.tsx';
import { Button } from '../../../ui/button.tsx';
import { useImportMutations } from '../api/use-business-import.ts';
import { ImportCounts } from './import-counts.tsx';
import { MappingTable } from './mapping-table.tsx';
import { PreviewErrorRows } from './preview-rows.tsx';

/** Why 'Importar' is off: no row creates or updates a business. */
function nothingToImport(summary: NonNullable<ImportRecord['summary']>): string {
  return summary.error > 0
    ? 'Ninguna fila crea ni actualiza un negocio: corrija las filas con errores en su hoja de cálculo y súbala de nuevo.'
    : 'Ninguna fila crea ni actualiza un negocio: el directorio ya tiene estos datos.';
}

/**
 * Map the columns, preview what each row would do, then start the import; or discard it for another
 * file (`onAnother`, once the server has deleted it and its rows).
 */
export function ImportReview({ record, onAnother }: { record: ImportRecord; onAnother: () => void }) {
  const { preview, commit, discard } = useImportMutations();
  const busy = preview.isPending || commit.isPending || discard.isPending;
  const [mapping, setMapping] = useState<Record<string, string | null>>(record.mapping);
  const [sendAccess, setSendAccess] = useState(false);
  const [previewed, setPreviewed] = useState<{ rows: ImportRow[]; record: ImportRecord } | null>(null);
  // 'Importar' refused: another tab previewed other columns since this preview, which is then gone.
  const [staleError, setStaleError] = useState<Error | null>(null);
  const missing = missingRequiredFields(mapping as Record<string, ImportField | null>);
  const summary = previewed?.record.summary;
  const toImport = summary ? summary.create + summary.update : 0;
  const mappingHeading = useRef<HTMLHeadingElement>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  // Also when the preview leaves (another tab previewed other columns): its 'Importar' had the focus.
  useFocusIfLost(mappingHeading, previewed === null);
  const previewButton = useRef<HTMLButtonElement>(null);
  useFocusIfLost(previewHeading, previewed !== null, previewButton);

  const change = (column: string, field: string | null) => {
    setPreviewed(null);
    setStaleError(null);
    preview.reset();
    setMapping((current) => ({ ...current, [column]: field }));
  };
  const start = () =>
    commit.mutate(
      { id: record.import_id, sendOwnerAccess: sendAccess, mapping },
      {
        onError: (error) => {
          if (!(error instanceof ApiError && error.serverMessage === IMPORT_MSG.previewChanged)) return;
          setPreviewed(null);
          setStaleError(error);
        },
      },
    );
  const discardFile = () => {
    preview.reset();
    setStaleError(null);
    discard.mutate(record.import_id, {
      onSuccess: () => {
        toast.success(`Se descartó «${record.file_name}».`);
        onAnother();
      },
    });
  };
  const runPreview = () => {
    setStaleError(null);
    preview.mutate(
      { id: record.import_id, mapping },
      { onSuccess: (answer) => setPreviewed({ rows: answer.rows, record: answer.import }) },
    );
  };

  return (
    <div className="space-y-6">
      <section aria-labelledby="mapping-title" className="space-y-3">
        <div>
          <h2
            id="mapping-title"
            ref={mappingHeading}
            tabIndex={-1}
            className="text-base font-semibold text-slate-900 focus:outline-none"
          >
            1. Columnas de «{record.file_name}» ({formatCount(record.total_rows)}{' '}
            {plural(record.total_rows, 'fila', 'filas')})
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Elija qué campo llena cada columna. Los campos con * son obligatorios para negocios nuevos; una
            fila con número de registro actualiza ese negocio, salvo su email, que se cambia con «Actualizar
            Email».
          </p>
        </div>
        <MappingTable columns={record.columns} mapping={mapping} onChange={change} disabled={busy} />
        {missing.length > 0 ? (
          <Banner tone="warning" title="Faltan campos obligatorios">
            Ninguna columna corresponde a: {missing.map(businessColumnLabel).join(', ')}. Elíjalas arriba o
            incluya una columna con el número de registro.
          </Banner>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button
            ref={previewButton}
            variant="secondary"
            onClick={runPreview}
            loading={preview.isPending}
            disabled={missing.length > 0 || commit.isPending || discard.isPending}
          >
            {preview.isPending ? 'Revisando filas...' : 'Ver vista previa'}
          </Button>
          <Button
            variant="secondary"
            onClick={discardFile}
            loading={discard.isPending}
            disabled={preview.isPending || commit.isPending}
          >
            Descartar y elegir otro archivo
          </Button>
          {preview.isError || staleError || discard.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {displayMessage((preview.error ?? staleError ?? discard.error)?.message ?? '')}
            </p>
          ) : null}
        </div>
      </section>

      {previewed && summary ? (
        <section aria-labelledby="preview-title" className="space-y-4">
          <h2
            id="preview-title"
            ref={previewHeading}
            tabIndex={-1}
            className="text-base font-semibold text-slate-900 focus:outline-none"
          >
            2. Vista previa
          </h2>
          <ImportCounts summary={summary} />
          <PreviewErrorRows rows={previewed.rows} total={summary.error} />
          {summary.error > 0 ? (
            <p className="text-sm text-slate-600">
              Las filas con errores no se importan. Al terminar podrá descargarlas, corregirlas e importarlas
              de nuevo.
            </p>
          ) : null}
          <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
            <label className="flex min-h-10 items-center gap-3 text-sm text-slate-800">
              <input
                type="checkbox"
                className="size-4 rounded border-slate-300"
                checked={sendAccess}
                onChange={(event) => setSendAccess(event.target.checked)}
              />
              Enviar acceso a los dueños (un email con una contraseña temporal a cada negocio nuevo)
            </label>
            <div className="flex flex-wrap items-center gap-3">
              <Button
                onClick={start}
                loading={commit.isPending}
                disabled={toImport === 0 || discard.isPending}
              >
                {`Importar ${formatCount(toImport)} ${toImport === 1 ? 'negocio' : 'negocios'}`}
              </Button>
              {commit.isError ? (
                <p role="alert" className="text-sm text-red-700">
                  {displayMessage(commit.error.message)}
                </p>
              ) : null}
            </div>
            {toImport === 0 ? <p className="text-sm text-slate-600">{nothingToImport(summary)}</p> : null}
          </div>
        </section>
      ) : null}
    </div>
  );
}
