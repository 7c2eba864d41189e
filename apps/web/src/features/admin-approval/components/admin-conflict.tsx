// An admin account changed by someone else while it was being edited or its password reset
//: the shared conflict view with the account's fields.
import type { AdminAccount } from '@portal/contract/admin-registration';
import { formatPhone } from '@portal/contract/phone';
import { changedFields, type EditConflict } from '../../../api/edit-conflict.ts';
import { LazyConflictNotice } from '../../../ui/conflict-notice-lazy.tsx';
import { statusLabel } from '../admin-status.ts';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : '—');

const FIELDS = [
  ['admin_first_name', 'Nombre'],
  ['admin_last_name', 'Apellido'],
  ['admin_email', 'Correo electrónico'],
  [
    'admin_phone',
    'Teléfono',
    (value: unknown) => (typeof value === 'string' && value ? formatPhone(value) : '—'),
  ],
  ['access_status', 'Estado', (value: unknown) => statusLabel(text(value))],
] as const;

interface AdminConflictProps {
  shown: AdminAccount;
  conflict: EditConflict<AdminAccount>;
  onReload: (now: AdminAccount) => void;
  onApplyAnyway?: () => void;
  applying?: boolean;
}

export function AdminConflict({ shown, conflict, onReload, onApplyAnyway, applying }: AdminConflictProps) {
  const now = conflict.current;
  return (
    <LazyConflictNotice
      changes={changedFields(shown, now, FIELDS)}
      changedBy={conflict.changedBy}
      changedAt={conflict.changedAt}
      hiddenChangeNote="Cambiaron datos de la cuenta que esta pantalla no muestra (por ejemplo, la contraseña)."
      onReload={() => (now ? onReload(now) : undefined)}
      onApplyAnyway={now ? onApplyAnyway : undefined}
      applying={applying}
    />
  );
}
