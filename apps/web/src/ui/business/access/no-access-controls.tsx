import { ShieldCheck, ShieldOff, UserPlus } from 'lucide-react';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../../button.tsx';
import { EmptyState } from '../../empty-state.tsx';
import { createOptions, type Viewer } from './access-rules.ts';
import type { useCreateDefaultAccess } from './use-access-mutations.ts';

interface NoAccessControlsProps {
  viewer: Viewer;
  create: ReturnType<typeof useCreateDefaultAccess>;
}

/** 'Sin Controles de Acceso': the first click reveals the create options, 'Cancelar' hides them. */
export function NoAccessControls({ viewer, create }: NoAccessControlsProps) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const options = createOptions([], viewer);

  // The buttons swap: keep focus where the user is.
  const show = (next: boolean) => {
    flushSync(() => setOpen(next));
    box.current?.querySelector<HTMLButtonElement>('[data-autofocus]')?.focus();
  };

  const creating = create.isPending ? create.variables : undefined;
  const actions = open ? (
    <div className="flex flex-col items-stretch gap-3 sm:flex-row sm:items-center">
      <Button variant="secondary" onClick={() => show(false)} disabled={create.isPending}>
        Cancelar
      </Button>
      {options.own ? (
        <Button
          data-autofocus
          icon={<UserPlus className="size-4" aria-hidden="true" />}
          loading={creating === false}
          disabled={create.isPending}
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
          disabled={create.isPending}
          onClick={() => create.mutate(true)}
        >
          Crear Acceso Maestro
        </Button>
      ) : null}
    </div>
  ) : (
    <Button data-autofocus onClick={() => show(true)}>
      Crear Acceso por Defecto
    </Button>
  );

  return (
    <EmptyState
      icon={<ShieldOff className="size-6" />}
      title="Sin Controles de Acceso"
      description="Este negocio aún no tiene controles de acceso. Los controles por defecto abren las seis áreas; luego puede desactivar las que no correspondan."
      action={<div ref={box}>{actions}</div>}
    />
  );
}
