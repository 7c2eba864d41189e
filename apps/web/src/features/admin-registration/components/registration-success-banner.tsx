import { ADMIN_FORM_MESSAGES } from '@portal/contract/admin-registration-form';
import { TIMING } from '@portal/contract/limits';
import { useEffect, useRef } from 'react';
import { Banner } from '../../../ui/banner.tsx';
import { StatusBadge } from '../../../ui/status-badge.tsx';
import { statusLabel } from './status-label.ts';

export interface CreatedAdmin {
  adminId: number;
  name: string;
  status: string;
}

/** 'Registro Exitoso' with the new ID and state; it hides itself after 5 s (SPEC §8, §9). */
export function RegistrationSuccessBanner({
  created,
  onHide,
}: {
  created: CreatedAdmin;
  onHide: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  // The form is long on a phone: bring the message into view where the person is looking.
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, []);

  useEffect(() => {
    const timer = window.setTimeout(onHide, TIMING.adminRegistrationSuccessHideMs);
    return () => window.clearTimeout(timer);
  }, [onHide]);

  return (
    <div ref={box} className="scroll-mt-24">
      <Banner tone="success" title={ADMIN_FORM_MESSAGES.success}>
        <p>El administrador {created.name} fue registrado.</p>
        <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1">
          <span>
            ID: <strong data-testid="created-admin-id">{created.adminId}</strong>
          </span>
          <span className="inline-flex items-center gap-1.5">
            Estado: <StatusBadge status={created.status}>{statusLabel(created.status)}</StatusBadge>
          </span>
        </p>
      </Banner>
    </div>
  );
}
