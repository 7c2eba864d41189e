// One export at a time from a screen: CSV or XLSX, optionally every match (`all`), with
// its progress and a 'Cancelar' that aborts the download. The screen says how to download; this
// hook keeps the state, and tells the outcome in a toast.
import type { ExportFormat } from '@portal/contract/export-files';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { DownloadProgress } from '../api/download.ts';

export interface ExportRequest {
  format: ExportFormat;
  /** Every match past the 10,000-row cap (the master's 'Exportar todo' on the directory). */
  all: boolean;
}

export interface ExportJob extends ExportRequest {
  signal: AbortSignal;
  onRows: (progress: DownloadProgress) => void;
}

export interface UseExportOptions {
  /** Downloads the file; answers its name. */
  download: (job: ExportJob) => Promise<string>;
  /** The toast's title when the export fails: 'No se pudo exportar el directorio'. */
  failure: string;
  /** A line under the success toast (e.g. the rows left out by the cap). */
  note?: (request: ExportRequest) => string | undefined;
}

export interface ExportState {
  running: ExportRequest | null;
  progress: DownloadProgress;
  start: (request: ExportRequest) => void;
  cancel: () => void;
}

const NO_PROGRESS: DownloadProgress = { bytes: 0, rows: null, total: null };

export function useExport({ download, failure, note }: UseExportOptions): ExportState {
  const [running, setRunning] = useState<ExportRequest | null>(null);
  const [progress, setProgress] = useState<DownloadProgress>(NO_PROGRESS);
  const controller = useRef<AbortController | null>(null);

  // Leaving the screen stops its download.
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    (request: ExportRequest) => {
      if (controller.current) return;
      const current = new AbortController();
      controller.current = current;
      setRunning(request);
      setProgress(NO_PROGRESS);
      download({ ...request, signal: current.signal, onRows: setProgress })
        .then((filename) => toast.success(`Exportación lista: ${filename}`, { description: note?.(request) }))
        .catch((error: unknown) => {
          if (current.signal.aborted) toast.info('Exportación cancelada');
          else toast.error(failure, { description: error instanceof Error ? error.message : undefined });
        })
        .finally(() => {
          controller.current = null;
          setRunning(null);
        });
    },
    [download, failure, note],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { running, progress, start, cancel };
}
