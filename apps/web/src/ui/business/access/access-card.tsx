import type { AccessControl } from '@portal/contract/access';
import type { AccessType } from '@portal/contract/enums';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format-date.ts';
import { relativeTime } from '../../../lib/relative-time.ts';
import { cn } from '../../cn.ts';
import { StatusBadge } from '../../status-badge.tsx';
import { ACCESS_TOGGLES, isOffByMaster, MASTER_OFF_NOTE } from './access-rules.ts';
import { AccessToggle } from './access-toggle.tsx';

interface AccessCardProps {
  record: AccessControl;
  heading: ReactNode;
  /** Under the heading: who the record belongs to. */
  subtitle?: ReactNode;
  lockReason: string | null;
  /** Whether a master's 'off' binds the viewer (an admin): those switches are disabled. */
  masterOffBinds?: boolean;
  /** The toggles of this record being saved, with the value they are being set to. */
  saving: Map<AccessType, boolean>;
  onToggle: (type: AccessType, value: boolean) => void;
  wide?: boolean;
}

/** One access record: who it is for, when it last changed, and its six switches. */
export function AccessCard({
  record,
  heading,
  subtitle,
  lockReason,
  masterOffBinds = false,
  saving,
  onToggle,
  wide,
}: AccessCardProps) {
  return (
    <article data-access-id={record.access_id} className="rounded-lg border border-slate-200 bg-white">
      <header className="flex flex-col gap-2 border-b border-slate-200 px-4 py-3 sm:flex-row sm:items-start sm:justify-between sm:px-6">
        <div className="min-w-0 space-y-0.5">
          {heading}
          {subtitle ? <div className="text-sm break-words text-slate-600">{subtitle}</div> : null}
          <p className="text-xs text-slate-500">
            Última actualización: {formatDateTime(record.last_update)} ({relativeTime(record.last_update)})
          </p>
        </div>
        {lockReason ? (
          <StatusBadge tone="slate" className="self-start">
            <Lock className="size-3" aria-hidden="true" />
            Solo lectura
          </StatusBadge>
        ) : null}
      </header>
      <div className={cn('grid gap-1 p-2 sm:grid-cols-2 sm:p-3', wide && 'lg:grid-cols-3')}>
        {ACCESS_TOGGLES.map((toggle) => {
          const pending = saving.get(toggle.type);
          const checked = pending ?? record[toggle.type];
          const offByMaster = !checked && isOffByMaster(record, toggle.type);
          return (
            <AccessToggle
              key={toggle.type}
              label={toggle.label}
              checked={checked}
              saving={pending !== undefined}
              lockReason={lockReason}
              note={offByMaster ? MASTER_OFF_NOTE : null}
              disabled={offByMaster && masterOffBinds}
              onChange={(value) => onToggle(toggle.type, value)}
            />
          );
        })}
      </div>
    </article>
  );
}
