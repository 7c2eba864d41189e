// SPEC §2's two empty states of a business's subscription, on 'Gestionar Suscripciones' and the
// business page alike.
import { CreditCard, Receipt } from 'lucide-react';
import { EmptyState } from '../../empty-state.tsx';

export function NoSubscription() {
  return (
    <EmptyState
      className="py-10"
      icon={<CreditCard className="size-6" />}
      headingLevel={3}
      title="Sin Suscripción Activa"
      description="Este negocio no tiene una suscripción registrada."
    />
  );
}

export function NoBillingHistory() {
  return (
    <EmptyState
      className="py-10"
      icon={<Receipt className="size-6" />}
      headingLevel={3}
      title="Sin Historial de Facturación"
      description="No hay transacciones registradas para este negocio."
    />
  );
}
