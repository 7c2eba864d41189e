// An access record changed by someone else while the person was toggling it: the
// shared conflict view with the six toggles; 'Recargar' reloads the records, 'Aplicar mi cambio de
// todos modos' sends the same toggle against the version the record is at now.
import type { AccessControl } from '@portal/contract/access';
import type { AccessChange } from '../../../api/access-api.ts';
import { changedFields, type EditConflict } from '../../../api/edit-conflict.ts';
import { LazyConflictNotice } from '../../conflict-notice-lazy.tsx';
import { ACCESS_TOGGLES, isOffByMaster } from './access-rules.ts';

const onOff = (value: unknown) => (value ? 'Activado' : 'Desactivado');
const FIELDS = ACCESS_TOGGLES.map(({ type, label }) => [type, label, onOff] as const);

export interface AccessConflictState {
  record: AccessControl;
  change: Omit<AccessChange, 'registry'>;
  conflict: EditConflict<AccessControl>;
}

interface AccessConflictProps {
  state: AccessConflictState;
  onReload: () => void;
  onApplyAnyway: (version: string) => void;
  applying: boolean;
  /** Whether a master's 'off' binds the viewer (an admin): only a master turns it back on. */
  masterOffBinds?: boolean;
}

export function AccessConflict({
  state,
  onReload,
  onApplyAnyway,
  applying,
  masterOffBinds = false,
}: AccessConflictProps) {
  const { record, change, conflict } = state;
  const now = conflict.current;
  // Nothing left to apply when the toggle is already where the person wanted it, nor when a
  // master's 'off' binds them (the server would refuse).
  const stillMakesSense =
    now !== null &&
    now[change.accessType] !== change.newValue &&
    !(masterOffBinds && isOffByMaster(now, change.accessType));
  return (
    <LazyConflictNotice
      changes={changedFields(record, now, FIELDS)}
      changedBy={conflict.changedBy}
      changedAt={conflict.changedAt}
      onReload={onReload}
      onApplyAnyway={stillMakesSense ? () => onApplyAnyway(conflict.currentVersion) : undefined}
      applying={applying}
    />
  );
}
