// 'Eliminar definitivamente' (issue #31): typing the registry number enables the purge, which no
// one can undo.
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { TrashedBusiness } from '../../../api/business-trash-api.ts';
import { Banner } from '../../../ui/banner.tsx';
import { Modal, ModalButtons } from '../../../ui/modal.tsx';
import { TypedConfirmation } from '../../../ui/typed-confirmation.tsx';
import { usePurgeBusiness } from '../api/use-trash.ts';
import { failureText } from './trash-texts.ts';

interface PurgeModalProps {
  business: TrashedBusiness;
  onPurged: (business: TrashedBusiness) => void;
  onClose: () => void;
}

export function PurgeModal({ business, onPurged, onClose }: PurgeModalProps) {
  const registry = business.business_registry_number;
  const [typed, setTyped] = useState('');
  const purge = usePurgeBusiness();
  const matches = typed === registry;
  const submit = () => {
    if (!matches || purge.isPending) return;
    purge.mutate(registry, { onSuccess: () => onPurged(business) });
  };

  return (
    <Modal
      open
      onClose={onClose}
      busy={purge.isPending}
      title="Eliminar definitivamente"
      description="El negocio y todos sus datos se borrarán para siempre."
      footer={
        <ModalButtons
          onCancel={onClose}
          busy={purge.isPending}
          variant="danger"
          onClick={submit}
          disabled={!matches}
          icon={<Trash2 className="size-4" aria-hidden="true" />}
        >
          Eliminar definitivamente
        </ModalButtons>
      }
    >
      <div className="space-y-4">
        <div className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
          <p className="font-semibold break-words text-slate-900">{business.business_name}</p>
          <p className="text-xs text-slate-600">
            Registro <span className="font-mono text-slate-800">{registry}</span>
          </p>
        </div>
        <Banner tone="warning" title="Esta acción no se puede deshacer">
          El negocio saldrá de la Papelera con sus productos, servicios, empleados, eventos, ubicaciones,
          accesos y suscripción. Su historial de cambios y la auditoría se conservan.
        </Banner>
        <TypedConfirmation
          expected={registry}
          value={typed}
          onChange={setTyped}
          onSubmit={submit}
          disabled={purge.isPending}
        />
        {purge.isError ? <Banner tone="error">{failureText(purge.error)}</Banner> : null}
      </div>
    </Modal>
  );
}
