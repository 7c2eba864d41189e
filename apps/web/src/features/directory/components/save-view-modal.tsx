import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../ui/button.tsx';
import { describedBy, Field, TextInput } from '../../../ui/field.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { checkViewName, SAVED_VIEW_NAME_MAX } from './saved-view-name.ts';

interface SaveViewModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Resolves when saved; a rejection's message is shown under the name. */
  onSave: (name: string) => Promise<unknown>;
  saving: boolean;
}

/** 'Guardar vista': a name for the directory's current search, filters, sort and page size. */
export function SaveViewModal({ open, onOpenChange, onSave, saving }: SaveViewModalProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setName('');
      setError(null);
    }
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkViewName(name);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    try {
      await onSave(checked.name);
      onOpenChange(false);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const id = 'save-view-name';
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Guardar vista"
      description="Guarda la búsqueda, los filtros, el orden y las filas por página actuales."
      size="sm"
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <Field
          id={id}
          label="Nombre de la vista"
          error={error}
          hint={`Entre 1 y ${SAVED_VIEW_NAME_MAX} caracteres.`}
        >
          <TextInput
            id={id}
            value={name}
            autoComplete="off"
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, error, true)}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button type="submit" loading={saving}>
            Guardar
          </Button>
        </div>
      </form>
    </Modal>
  );
}
