// 'Mis sesiones' (issue #25): where the signed-in person is signed in, with 'Cerrar sesión' per
// row and 'Cerrar las demás'. Reached from the user menu and the command palette (/mis-sesiones).
import { toast } from 'sonner';
import { endMySession, listMySessions } from '../../../api/sessions-api.ts';
import { Banner } from '../../../ui/banner.tsx';
import { Button } from '../../../ui/button.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { SessionsPanel } from '../../../ui/sessions-panel.tsx';
import { mySessionKeys, useEndOtherSessions } from '../api/use-my-sessions.ts';

const endedText = (count: number) =>
  count === 0
    ? 'No había otras sesiones abiertas.'
    : `${count === 1 ? 'Se cerró 1 sesión' : `Se cerraron ${count} sesiones`} en otros dispositivos.`;

export default function MySessionsScreen() {
  const endOthers = useEndOtherSessions();
  return (
    <section aria-labelledby="mis-sesiones-titulo">
      <PageHeader
        level={1}
        title={<span id="mis-sesiones-titulo">Mis sesiones</span>}
        description="Dispositivos y navegadores donde su cuenta tiene una sesión abierta."
        actions={
          <Button
            variant="secondary"
            className="text-red-700"
            loading={endOthers.isPending}
            onClick={() =>
              endOthers.mutate(undefined, { onSuccess: (count) => toast.success(endedText(count)) })
            }
          >
            Cerrar las demás
          </Button>
        }
      />
      {endOthers.isError ? (
        <Banner tone="error" className="mb-4">
          No se pudieron cerrar las demás sesiones: {endOthers.error.message}
        </Banner>
      ) : null}
      <SessionsPanel
        queryKey={mySessionKeys.all}
        load={listMySessions}
        end={(session) => endMySession(session.session_id)}
        label="Sesiones abiertas"
        emptyTitle="No hay sesiones abiertas"
      />
    </section>
  );
}
