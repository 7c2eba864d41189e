// 'Eliminar definitivamente': typing the registry number enables the purge, which no
// one can undo.
import { Trash2 } from 'lucide-react';
import { type RefObject, useState } from 'react';
import { ApiError } from '../../../api/api-error.ts';
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
  /** Takes the focus when the row's button is gone with the purged row. */
  focusFallback?: RefObject<HTMLElement | null>;
}

export function PurgeModal({ business, onPurged, onClose, focusFallback }: PurgeModalProps) {
  const registry = business.business_registry_number;
  const [typed, setTyped] = useState('');
  const purge = usePurgeBusiness();
  const matches = typed === registry;
  // Purged or restored meanwhile (another master, another tab): another try would fail alike.
  const gone = purge.error instanceof ApiError && purge.error.status === 404;
  const submit = () => {
    if (!matches || gone || purge.isPending) return;
    purge.mutate(registry, { onSuccess: () => onPurged(business) });
  };

  return (
    <Modal
      open
      onClose={onClose}
      busy={purge.isPending}
      focusFallback={focusFallback}
      title="Eliminar definitivamente"
      description="El negocio y todos sus datos se borrarán para siempre."
      footer={
        <ModalButtons
          onCancel={onClose}
          busy={purge.isPending}
          variant="danger"
          onClick={submit}
          disabled={!matches || gone}
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
          busy={purge.isPending}
        />
        {purge.isError ? <Banner tone="error">{failureText(purge.error)}</Banner> : null}
      </div>
    </Modal>
  );
}
