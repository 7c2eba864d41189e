// 'Mis sesiones': where the signed-in person is signed in, with 'Cerrar sesión' per
// row and 'Cerrar las demás'. Reached from the user menu and the command palette (/mis-sesiones).
import { useRef, useState } from 'react';
import { endMySession, listMySessions } from '../../../api/sessions-api.ts';
import { Button } from '../../../ui/button.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { SessionsPanel } from '../../../ui/sessions-panel.tsx';
import { mySessionKeys, useOtherSessionCount } from '../api/use-my-sessions.ts';
import { EndOtherSessionsModal } from './end-other-sessions-modal.tsx';

export default function MySessionsScreen() {
  const others = useOtherSessionCount();
  // The count the dialog names is the one seen when it opened, not the list refreshed behind it.
  const [confirming, setConfirming] = useState<{ count: number | undefined } | null>(null);
  // Once the others are closed 'Cerrar las demás' is disabled: the dialog gives the focus to the title.
  const title = useRef<HTMLSpanElement>(null);
  return (
    <section aria-labelledby="mis-sesiones-titulo">
      <PageHeader
        level={1}
        title={
          <span id="mis-sesiones-titulo" ref={title} tabIndex={-1} className="outline-none">
            Mis sesiones
          </span>
        }
        description="Dispositivos y navegadores donde su cuenta tiene una sesión abierta."
        actions={
          <Button
            variant="secondary"
            className="text-red-700"
            disabled={others === 0}
            onClick={() => setConfirming({ count: others })}
          >
            Cerrar las demás
          </Button>
        }
      />
      <SessionsPanel
        queryKey={mySessionKeys.all}
        load={listMySessions}
        end={(session) => endMySession(session.session_id)}
        label="Sesiones abiertas"
        emptyTitle="No hay sesiones abiertas"
      />
      <EndOtherSessionsModal
        open={confirming !== null}
        count={confirming?.count}
        focusFallback={title}
        onClose={() => setConfirming(null)}
      />
    </section>
  );
}
