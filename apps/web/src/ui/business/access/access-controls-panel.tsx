import type { AccessControl } from '@portal/contract/access';
import type { AccessType } from '@portal/contract/enums';
import { useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/api-error.ts';
import { conflictOf } from '../../../api/edit-conflict.ts';
import { AccessCard } from './access-card.tsx';
import { AccessConflict, type AccessConflictState } from './access-conflict.tsx';
import { accessKeys } from './access-keys.ts';
import {
  accessLabel,
  adminCardTitle,
  createOptions,
  isOwnRecord,
  lockReason,
  type Viewer,
} from './access-rules.ts';
import { AdminCardHeading } from './admin-card-heading.tsx';
import { CreateAccessChoices } from './create-access-choices.tsx';
import { DisableAccessModal } from './disable-access-modal.tsx';
import { focusToggle } from './focus-toggle.ts';
import { MasterAccessHeading, MissingMasterAccess } from './missing-master-access.tsx';
import { NoAccessControls } from './no-access-controls.tsx';
import { useCreateDefaultAccess, useSavingToggles, useUpdateAccess } from './use-access-mutations.ts';
import { useFocusNewConflict } from './use-focus-new-conflict.ts';

interface AccessControlsPanelProps {
  registry: string;
  records: AccessControl[];
  viewer: Viewer;
}

interface PendingDisable {
  record: AccessControl;
  type: AccessType;
}

/** The master card, the per-admin cards and the create-default buttons of one business. */
export function AccessControlsPanel({ registry, records, viewer }: AccessControlsPanelProps) {
  const update = useUpdateAccess(registry);
  const create = useCreateDefaultAccess(registry);
  const saving = useSavingToggles(registry);
  const [pendingDisable, setPendingDisable] = useState<PendingDisable | null>(null);
  const [conflict, setConflict] = useState<AccessConflictState | null>(null);
  const queryClient = useQueryClient();
  const panel = useRef<HTMLDivElement>(null);
  const notice = useRef<HTMLDivElement>(null);
  useFocusCreatedCard(panel, create, records, viewer);
  useFocusNewConflict(notice, conflict, update.isPending);

  if (records.length === 0)
    return (
      <div ref={panel}>
        <NoAccessControls viewer={viewer} create={create} />
      </div>
    );

  const masterRecord = records.find((record) => record.admin_id === null);
  const adminRecords = records.filter((record) => record.admin_id !== null);
  const options = createOptions(records, viewer);

  const savingFor = (record: AccessControl) =>
    new Map(
      saving
        .filter((change) => change.adminId === record.admin_id)
        .map((change) => [change.accessType, change.newValue] as const),
    );

  /**
   * Sends a toggle naming the version shown (If-Match): true once applied; false when a 412 opened
   * the conflict view instead.
   */
  const send = (record: AccessControl, type: AccessType, value: boolean, version = record.version) => {
    const change = { adminId: record.admin_id, accessType: type, newValue: value, version };
    return update.mutateAsync(change).then(
      () => {
        setConflict(null);
        return true;
      },
      (error: unknown) => {
        const found = conflictOf<AccessControl>(error);
        if (found) {
          setConflict({ record, change, conflict: found });
          return false;
        }
        // Refused (a master's 'off'): applying anyway cannot help; the refreshed card says why.
        if (error instanceof ApiError && error.status === 403) setConflict(null);
        throw error;
      },
    );
  };

  // Enabling applies at once; disabling waits for the confirmation (SPEC §2).
  const toggle = (record: AccessControl) => (type: AccessType, value: boolean) => {
    if (value)
      send(record, type, true).catch(() => undefined); // the toast says why
    else setPendingDisable({ record, type });
  };

  /** The switch the person tried, on the card of the record that had the conflict. */
  const focusTried = ({ record, change }: AccessConflictState) =>
    focusToggle(panel.current, notice.current, { accessId: record.access_id, type: change.accessType });

  const ownerOf = (record: AccessControl) =>
    record.admin_id === null ? 'el Control de Acceso Maestro' : adminCardTitle(record, viewer);

  return (
    <div ref={panel} className="space-y-8">
      {conflict ? (
        <div ref={notice}>
          <AccessConflict
            // A new conflict is a new notice: announced again, its table and buttons its own.
            key={conflictKey(conflict)}
            state={conflict}
            applying={update.isPending}
            masterOffBinds={viewer.loginType === 'admin'}
            onReload={() => {
              // Before the notice leaves; a switch the reload disables hands it to its note.
              focusTried(conflict);
              setConflict(null);
              void queryClient.invalidateQueries({ queryKey: accessKeys.business(registry) });
            }}
            onApplyAnyway={(version) =>
              void send(conflict.record, conflict.change.accessType, conflict.change.newValue, version).then(
                // Another 412: the new notice takes the focus (useFocusNewConflict).
                (applied) => {
                  if (applied) focusTried(conflict);
                },
                () => undefined,
              )
            }
          />
        </div>
      ) : null}
      <section aria-labelledby="access-master-heading" className="space-y-4">
        {masterRecord ? (
          <AccessCard
            record={masterRecord}
            wide
            heading={<MasterAccessHeading />}
            subtitle="Se aplica al negocio por encima de los accesos de cada administrador."
            lockReason={lockReason(masterRecord, viewer)}
            saving={savingFor(masterRecord)}
            onToggle={toggle(masterRecord)}
          />
        ) : (
          <MissingMasterAccess canCreate={options.master} create={create} />
        )}
      </section>

      <section aria-labelledby="access-admins-heading" className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <h3 id="access-admins-heading" className="text-base font-semibold text-slate-900">
            Controles de Acceso por Administrador ({adminRecords.length})
          </h3>
          {options.own ? (
            <CreateAccessChoices
              reveal={{
                label: 'Agregar Mi Acceso Admin',
                variant: 'secondary',
                icon: <UserPlus className="size-4" aria-hidden="true" />,
              }}
              options={{ own: true, master: false }}
              create={create}
            />
          ) : null}
        </div>
        {adminRecords.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">
            Ningún administrador tiene controles de acceso en este negocio.
          </p>
        ) : (
          <div className="grid gap-4 xl:grid-cols-2">
            {adminRecords.map((record) => (
              <AccessCard
                key={record.access_id}
                record={record}
                heading={<AdminCardHeading record={record} viewer={viewer} />}
                subtitle={record.admin_email}
                lockReason={lockReason(record, viewer)}
                masterOffBinds={viewer.loginType === 'admin'}
                saving={savingFor(record)}
                onToggle={toggle(record)}
              />
            ))}
          </div>
        )}
      </section>

      <DisableAccessModal
        target={
          pendingDisable
            ? { label: accessLabel(pendingDisable.type), owner: ownerOf(pendingDisable.record) }
            : null
        }
        onConfirm={async () => {
          if (pendingDisable) await send(pendingDisable.record, pendingDisable.type, false);
        }}
        onClose={() => setPendingDisable(null)}
      />
    </div>
  );
}

const conflictKey = ({ record, change, conflict }: AccessConflictState) =>
  `${record.access_id}:${change.accessType}:${conflict.currentVersion}`;

/** The create buttons leave once the new record is listed: its card's first switch takes the focus. */
function useFocusCreatedCard(
  panel: RefObject<HTMLDivElement | null>,
  create: ReturnType<typeof useCreateDefaultAccess>,
  records: AccessControl[],
  viewer: Viewer,
) {
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (!create.isSuccess || handled.current === create.submittedAt) return;
    const created = records.find((record) =>
      create.variables ? record.admin_id === null : isOwnRecord(record, viewer),
    );
    const target = panel.current?.querySelector<HTMLElement>(
      `[data-access-id="${created?.access_id}"] [role="switch"]`,
    );
    if (!target) return;
    handled.current = create.submittedAt;
    const active = document.activeElement;
    if (!active || active === document.body) target.focus();
  }, [create.isSuccess, create.submittedAt, create.variables, records, viewer, panel]);
}
