import { BookmarkPlus, MoreHorizontal, RefreshCw } from 'lucide-react';
import { useRef, useState } from 'react';
import type { SavedView } from '../../../api/saved-views-api.ts';
import { Button } from '../../../ui/button.tsx';
import { cn, focusRing } from '../../../ui/cn.ts';
import { useSavedViewMutations, useSavedViews } from '../api/use-saved-views.ts';
import type { DirectoryView } from '../directory-view.ts';
import { type SavedQuery, toSavedQuery } from '../saved-view-query.ts';
import { ManageViewModal } from './manage-view-modal.tsx';
import { SaveViewModal } from './save-view-modal.tsx';

interface SavedViewsBarProps {
  view: DirectoryView;
  onOpen: (saved: SavedView) => void;
}

const sameQuery = (a: SavedQuery, b: SavedQuery) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};

/** The person's saved views as chips, in their order, and 'Guardar vista'. */
export function SavedViewsBar({ view, onOpen }: SavedViewsBarProps) {
  const views = useSavedViews();
  const mutations = useSavedViewMutations();
  const [saving, setSaving] = useState(false);
  // The view as its options opened: another tab may delete it meanwhile, and the dialog stays to say so.
  const [opened, setOpened] = useState<SavedView | null>(null);
  const list = views.data ?? [];
  const current = toSavedQuery(view);
  const managed = opened ? (list.find((candidate) => candidate.id === opened.id) ?? opened) : null;
  const bar = useRef<HTMLDivElement>(null);
  // A deleted view's chip is gone: the focus goes to 'Guardar vista', once the dialog has let it go.
  const focusSaveButton = () =>
    setTimeout(() => bar.current?.querySelector<HTMLButtonElement>('[data-save-view]')?.focus(), 0);

  return (
    <div ref={bar} className="flex flex-wrap items-start gap-2">
      {list.length > 0 ? (
        <ul aria-label="Vistas guardadas" className="flex min-w-0 flex-1 flex-wrap gap-2">
          {list.map((saved) => (
            <li
              key={saved.id}
              className="inline-flex max-w-full items-center rounded-full border border-slate-300 bg-white text-sm shadow-sm"
            >
              <button
                type="button"
                aria-pressed={sameQuery(saved.query, current)}
                onClick={() => onOpen(saved)}
                className={cn(
                  'min-w-0 truncate rounded-l-full py-1.5 pr-1 pl-3 text-slate-800 hover:bg-slate-50 aria-pressed:font-semibold aria-pressed:text-blue-700',
                  focusRing,
                )}
              >
                {saved.name}
              </button>
              <button
                type="button"
                aria-label={`Opciones de la vista ${saved.name}`}
                onClick={() => setOpened(saved)}
                className={cn(
                  'rounded-r-full py-1.5 pr-2.5 pl-1 text-slate-600 hover:bg-slate-50',
                  focusRing,
                )}
              >
                <MoreHorizontal className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <SavedViewsNote views={views} />
      )}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setSaving(true)}
        data-save-view=""
        icon={<BookmarkPlus className="size-4" aria-hidden="true" />}
      >
        Guardar vista
      </Button>
      <SaveViewModal
        open={saving}
        onOpenChange={setSaving}
        saving={mutations.create.isPending}
        onSave={(name) => mutations.create.mutateAsync({ name, query: current })}
      />
      <ManageViewModal
        view={managed}
        views={list}
        onClose={() => setOpened(null)}
        onDeleted={focusSaveButton}
      />
    </div>
  );
}

/** In place of the chips: why there are none, never an empty bar while they load or failed to. */
function SavedViewsNote({ views }: { views: ReturnType<typeof useSavedViews> }) {
  const note = 'min-w-0 flex-1 py-1.5 text-sm';
  if (views.isPending) return <p className={cn(note, 'text-slate-600')}>Cargando vistas guardadas...</p>;
  if (views.isError) {
    return (
      <p role="alert" className={cn(note, 'flex flex-wrap items-center gap-2 text-red-800')}>
        No se pudieron cargar sus vistas guardadas.
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void views.refetch()}
          loading={views.isFetching}
          icon={<RefreshCw className="size-4" aria-hidden="true" />}
        >
          Reintentar
        </Button>
      </p>
    );
  }
  return (
    <p className={cn(note, 'text-slate-600')}>Guarde la búsqueda actual para volver a ella en un clic.</p>
  );
}
