// 'Historial de Cambios' (SPEC §2): every recorded change of one business, 20 at a time.
import type { BusinessRow } from '../../../api/business-data-api.ts';
import { Modal, ModalCloseButton } from '../../modal.tsx';
import { BusinessSummary } from '../row-modals/business-summary.tsx';
import { BusinessHistory } from './business-history.tsx';

interface HistoryModalProps {
  business: BusinessRow;
  onClose: () => void;
  /** The business page is being opened from the modal's name or registry number link. */
  onOpenBusiness?: () => void;
}

export function HistoryModal({ business, onClose, onOpenBusiness }: HistoryModalProps) {
  return (
    <Modal
      open
      onClose={onClose}
      size="xl"
      title="Historial de Cambios"
      description="Cada cambio registrado de este negocio, del más reciente al más antiguo."
      footer={<ModalCloseButton onClose={onClose} />}
    >
      <BusinessHistory
        registry={business.business_registry_number}
        lead={<BusinessSummary business={business} links={{ onOpen: onOpenBusiness }} />}
      />
    </Modal>
  );
}
