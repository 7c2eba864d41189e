import { IMPORT_LIMITS, IMPORT_MSG } from '@portal/contract/business-import';
import { FileSpreadsheet, Upload } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { displayMessage } from '../../../lib/message-translator.ts';
import { useFocusIfLost } from '../../../lib/use-focus-if-lost.ts';
import { Banner } from '../../../ui/banner.tsx';
import { Button } from '../../../ui/button.tsx';
import { cn } from '../../../ui/cn.ts';

interface FileDropProps {
  onFile: (file: File) => void;
  uploading: boolean;
  error: Error | null;
  /** On arrival the focus goes to 'Elegir archivo' (another file after a wrong one), else the heading. */
  focusChooser?: boolean;
}

/** Drop a spreadsheet here or pick one: CSV or XLSX, at most 20 MB and 100,000 rows. */
export function FileDrop({ onFile, uploading, error, focusChooser = false }: FileDropProps) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const chooser = useRef<HTMLButtonElement>(null);
  useFocusIfLost(focusChooser ? chooser : heading);
  const [over, setOver] = useState(false);
  // A file past the server's limit is refused here, before minutes of upload end in the same 413.
  const [tooLarge, setTooLarge] = useState(false);
  const choose = (file: File) => {
    const large = file.size > IMPORT_LIMITS.maxFileBytes;
    setTooLarge(large);
    if (!large) onFile(file);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !uploading) choose(file);
  };
  const message = tooLarge ? IMPORT_MSG.fileTooLarge : error?.message;
  return (
    <section
      aria-label="Archivo a importar"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed bg-white px-6 py-12 text-center',
        over ? 'border-blue-500 bg-blue-50' : 'border-slate-300',
      )}
    >
      <span
        aria-hidden="true"
        className="flex size-12 items-center justify-center rounded-full bg-blue-50 text-blue-600"
      >
        <FileSpreadsheet className="size-6" />
      </span>
      <h2 ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
        Arrastre aquí su hoja de cálculo
      </h2>
      <p id={hintId} className="max-w-md text-sm text-slate-600">
        CSV (separado por comas o punto y coma) o Excel (XLSX), de hasta 20 MB y 100,000 filas. La primera
        fila debe tener los nombres de las columnas; una exportación del directorio sirve tal cual.
      </p>
      <input
        ref={input}
        type="file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        className="sr-only"
        aria-label="Archivo CSV o XLSX"
        aria-describedby={hintId}
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) choose(file);
          event.target.value = '';
        }}
      />
      <Button
        ref={chooser}
        onClick={() => input.current?.click()}
        loading={uploading}
        icon={<Upload className="size-4" aria-hidden="true" />}
      >
        {uploading ? 'Subiendo archivo...' : 'Elegir archivo'}
      </Button>
      {message ? (
        <Banner tone="error" title="No se pudo leer el archivo" className="w-full max-w-lg text-left">
          {displayMessage(message)}
        </Banner>
      ) : null}
    </section>
  );
}
