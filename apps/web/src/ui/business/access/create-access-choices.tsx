import { ShieldCheck, UserPlus } from 'lucide-react';
import { type ReactNode, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button, type ButtonProps } from '../../button.tsx';
import type { createOptions } from './access-rules.ts';
import type { useCreateDefaultAccess } from './use-access-mutations.ts';

interface CreateAccessChoicesProps {
  /** The first button: it only reveals the choices. */
  reveal: { label: string; variant?: ButtonProps['variant']; icon?: ReactNode };
  options: ReturnType<typeof createOptions>;
  create: ReturnType<typeof useCreateDefaultAccess>;
}

/** SPEC §2's default-create flow: the first click reveals the create options, 'Cancelar' hides them. */
export function CreateAccessChoices({ reveal, options, create }: CreateAccessChoicesProps) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  // The buttons swap: keep focus where the user is.
  const show = (next: boolean) => {
    flushSync(() => setOpen(next));
    box.current?.querySelector<HTMLButtonElement>('[data-autofocus]')?.focus();
  };

  // The button pressed keeps the focus while it creates (busy); the others are off meanwhile.
  const creating = create.isPending ? create.variables : undefined;
  // A column: on a phone the first button takes the full width, as the revealed ones do.
  return (
    <div ref={box} className="flex flex-col">
      {open ? (
        <div className="flex flex-col items-stretch gap-3 sm:flex-row sm:items-center">
          <Button variant="secondary" onClick={() => show(false)} disabled={create.isPending}>
            Cancelar
          </Button>
          {options.own ? (
            <Button
              data-autofocus
              icon={<UserPlus className="size-4" aria-hidden="true" />}
              loading={creating === false}
              disabled={creating === true}
              onClick={() => create.mutate(false)}
            >
              Crear Acceso para Mí
            </Button>
          ) : null}
          {options.master ? (
            <Button
              data-autofocus={options.own ? undefined : true}
              variant="master"
              icon={<ShieldCheck className="size-4" aria-hidden="true" />}
              loading={creating === true}
              disabled={creating === false}
              onClick={() => create.mutate(true)}
            >
              Crear Acceso Maestro
            </Button>
          ) : null}
        </div>
      ) : (
        <Button data-autofocus variant={reveal.variant} icon={reveal.icon} onClick={() => show(true)}>
          {reveal.label}
        </Button>
      )}
    </div>
  );
}
