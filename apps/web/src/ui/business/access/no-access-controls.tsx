import { ShieldOff } from 'lucide-react';
import { EmptyState } from '../../empty-state.tsx';
import { createOptions, type Viewer } from './access-rules.ts';
import { CreateAccessChoices } from './create-access-choices.tsx';
import type { useCreateDefaultAccess } from './use-access-mutations.ts';

interface NoAccessControlsProps {
  viewer: Viewer;
  create: ReturnType<typeof useCreateDefaultAccess>;
}

/** 'Sin Controles de Acceso', with the default-create flow. */
export function NoAccessControls({ viewer, create }: NoAccessControlsProps) {
  return (
    <EmptyState
      icon={<ShieldOff className="size-6" />}
      title="Sin Controles de Acceso"
      description="Este negocio aún no tiene controles de acceso. Los controles por defecto abren las seis áreas; luego puede desactivar las que no correspondan."
      action={
        <CreateAccessChoices
          reveal={{ label: 'Crear Acceso por Defecto' }}
          options={createOptions([], viewer)}
          create={create}
        />
      }
    />
  );
}
