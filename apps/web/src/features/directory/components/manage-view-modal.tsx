import { ArrowLeft, ArrowRight, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../api/api-error.ts';
import type { SavedView } from '../../../api/saved-views-api.ts';
import { isFocusLost } from '../../../lib/use-focus-if-lost.ts';
import { Banner } from '../../../ui/banner.tsx';
import { Button } from '../../../ui/button.tsx';
import { describedBy, Field, TextInput } from '../../../ui/field.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { useSavedViewMutations } from '../api/use-saved-views.ts';
import { checkViewName } from './saved-view-name.ts';

interface ManageViewModalProps {
  view: SavedView | null;
  views: SavedView[];
  onClose: () => void;
  /** The view is gone, and with it the chip that opened this: the bar places the focus. */
  onDeleted: () => void;
}

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));
/** The server no longer has the view: another tab or session deleted it. */
const isGone = (failure: unknown) => failure instanceof ApiError && failure.status === 404;

/** 'Renombrar', move left or right, 'Eliminar' (after a confirmation) for one saved view. */
export function ManageViewModal({ view, views, onClose, onDeleted }: ManageViewModalProps) {
  const mutations = useSavedViewMutations();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [gone, setGone] = useState(false);
  // The button pressed is replaced by the other step's: the focus follows, never left on the dialog.
  const confirmStep = useRef<HTMLFieldSetElement>(null);
  const deleteStep = useRef<HTMLDivElement>(null);
  const stepped = useRef(false);
  // Reset for each view opened; not when the list is read again while it is open.
  const viewId = view?.id;
  const viewName = useRef(view?.name ?? '');
  viewName.current = view?.name ?? '';
  useEffect(() => {
    setName(viewId === undefined ? '' : viewName.current);
    setNameError(null);
    setError(null);
    setConfirming(false);
    setGone(false);
    stepped.current = false;
  }, [viewId]);
  useEffect(() => {
    if (!stepped.current) return;
    (confirming ? confirmStep : deleteStep).current?.querySelector('button')?.focus();
  }, [confirming]);
  const step = (next: boolean) => {
    stepped.current = true;
    setConfirming(next);
  };
  // The button pressed keeps the focus while the move is saved (busy; the other is off). Once the view
  // reached an end, it turns off: the other one takes the focus.
  const moving = mutations.move.isPending ? mutations.move.variables?.delta : undefined;
  const moveButtons = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!mutations.move.isPending && isFocusLost())
      moveButtons.current?.querySelector<HTMLButtonElement>('button:enabled')?.focus();
  }, [mutations.move.isPending]);

  if (!view) return null;
  const index = views.findIndex((candidate) => candidate.id === view.id);

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkViewName(name);
    if ('error' in checked) return setNameError(checked.error);
    try {
      const renamed = await mutations.rename.mutateAsync({ id: view.id, name: checked.name });
      toast.success(`Se renombró la vista a «${renamed.name}».`);
      onClose();
    } catch (failure) {
      if (isGone(failure)) setGone(true);
      else setNameError(messageOf(failure));
    }
  };

  const move = async (delta: -1 | 1) => {
    if (index < 0) return setGone(true);
    setError(null);
    try {
      if ((await mutations.move.mutateAsync({ views, id: view.id, delta })) === 'gone') setGone(true);
    } catch (failure) {
      setError(messageOf(failure));
    }
  };

  const remove = async () => {
    try {
      await mutations.remove.mutateAsync(view.id);
    } catch (failure) {
      // Deleted elsewhere first: what the person asked for is done.
      if (!isGone(failure)) return setError(messageOf(failure));
    }
    toast.success(`Se eliminó la vista «${view.name}».`);
    onDeleted();
    onClose();
  };

  // The chip that opened this is gone too: the bar places the focus.
  const closeGone = () => {
    onDeleted();
    onClose();
  };

  const id = 'manage-view-name';
  return (
    <Modal open onClose={gone ? closeGone : onClose} title={`Vista «${view.name}»`} size="sm">
      {gone ? (
        <GoneNotice onClose={closeGone} />
      ) : (
        <div className="space-y-5">
          {error ? <Banner tone="error">{error}</Banner> : null}
          <form noValidate onSubmit={(event) => void rename(event)} className="space-y-3">
            <Field id={id} label="Nombre de la vista" error={nameError}>
              <TextInput
                id={id}
                value={name}
                autoComplete="off"
                aria-invalid={nameError ? true : undefined}
                aria-describedby={describedBy(id, nameError)}
                onChange={(event) => {
                  setName(event.target.value);
                  setNameError(null);
                }}
              />
            </Field>
            <div className="flex justify-end">
              <Button type="submit" variant="secondary" loading={mutations.rename.isPending}>
                Renombrar
              </Button>
            </div>
          </form>
          <div ref={moveButtons} className="grid grid-cols-2 gap-2">
            <Button
              variant="secondary"
              loading={moving === -1}
              disabled={(index <= 0 && moving !== -1) || moving === 1}
              onClick={() => void move(-1)}
              icon={<ArrowLeft className="size-4" aria-hidden="true" />}
            >
              Mover a la izquierda
            </Button>
            <Button
              variant="secondary"
              loading={moving === 1}
              disabled={(index >= views.length - 1 && moving !== 1) || moving === -1}
              onClick={() => void move(1)}
              className="flex-row-reverse"
              icon={<ArrowRight className="size-4" aria-hidden="true" />}
            >
              Mover a la derecha
            </Button>
          </div>
          <div className="border-t border-slate-200 pt-4">
            {confirming ? (
              <fieldset ref={confirmStep} className="space-y-3">
                <legend className="text-sm text-slate-800">
                  ¿Eliminar la vista «{view.name}»? No se puede deshacer.
                </legend>
                <div className="flex justify-end gap-2">
                  <Button variant="secondary" onClick={() => step(false)}>
                    Cancelar
                  </Button>
                  <Button variant="danger" loading={mutations.remove.isPending} onClick={() => void remove()}>
                    Eliminar vista
                  </Button>
                </div>
              </fieldset>
            ) : (
              <div ref={deleteStep}>
                <Button
                  variant="ghost"
                  className="text-red-700"
                  onClick={() => step(true)}
                  icon={<Trash2 className="size-4" aria-hidden="true" />}
                >
                  Eliminar
                </Button>
              </div>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}

/** The view was deleted in another tab or session: nothing is left to change here. */
function GoneNotice({ onClose }: { onClose: () => void }) {
  return (
    <div className="space-y-5">
      <Banner tone="error">Esta vista ya no existe: se eliminó desde otra pestaña o sesión.</Banner>
      <div className="flex justify-end">
        <Button autoFocus onClick={onClose}>
          Aceptar
        </Button>
      </div>
    </div>
  );
}
