import { Upload } from 'lucide-react';
import { Link } from 'react-router';
import { cn, focusRing } from './cn.ts';

/** 'Importar' beside 'Exportar' in the directory: opens the import page. */
export function ImportLink() {
  return (
    <Link
      to="/importar"
      className={cn(
        'inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50',
        focusRing,
      )}
    >
      <Upload className="size-4" aria-hidden="true" />
      Importar
    </Link>
  );
}
