import { Eye, MapPin, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Banner } from '../../../ui/banner.tsx';
import { BusinessLink, businessPath } from '../../../ui/business-link.tsx';
import { Button } from '../../../ui/button.tsx';
import { cn, focusRing } from '../../../ui/cn.ts';
import { Modal } from '../../../ui/modal.tsx';
import { type RegisterResult, useRetryLocation } from '../api/use-register-business.ts';

interface RegistrationSuccessModalProps {
  result: RegisterResult | null;
  /** Closes the dialog on the fresh form ('Registrar otro', Escape, the close button). */
  onClose: () => void;
}

const primaryLink = cn(
  'inline-flex h-10 items-center justify-center gap-2 rounded-md bg-blue-600 px-4 text-sm font-medium text-white shadow-sm hover:bg-blue-700',
  focusRing,
);

/**
 * SPEC §4: a failed location add leaves the business registered. The dialog says so (the address typed
 * is not stored) and offers to send it again.
 */
function UnsavedLocation({ result }: { result: RegisterResult }) {
  const retry = useRetryLocation();
  const saved = retry.isSuccess;
  if (result.locationSaved || saved) {
    return saved ? <Banner tone="success">Ubicación guardada.</Banner> : null;
  }
  return (
    <Banner tone="warning" title="No se pudo guardar la ubicación">
      <div className="space-y-2">
        <p>El negocio quedó registrado sin su dirección ni sus coordenadas.</p>
        {retry.isError && !retry.isPending ? <p>{retry.error.message}</p> : null}
        <Button
          variant="secondary"
          size="sm"
          className="h-10"
          loading={retry.isPending}
          icon={<MapPin className="size-4" aria-hidden="true" />}
          onClick={() =>
            retry.mutate({ registry: result.business_registry_number, location: result.location })
          }
        >
          Reintentar guardar ubicación
        </Button>
      </div>
    </Banner>
  );
}

export function RegistrationSuccessModal({ result, onClose }: RegistrationSuccessModalProps) {
  const icon = 'size-4';
  return (
    <Modal
      open={result !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Registro Exitoso"
      description="El negocio quedó registrado en el directorio."
      size="sm"
      footer={
        result ? (
          <>
            <Button variant="secondary" onClick={onClose} icon={<Plus className={icon} aria-hidden="true" />}>
              Registrar otro
            </Button>
            <Link to={businessPath(result.business_registry_number)} className={primaryLink}>
              <Eye className={icon} aria-hidden="true" />
              Ver negocio
            </Link>
          </>
        ) : null
      }
    >
      {result ? (
        <div className="space-y-4">
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="font-medium text-slate-600">Número de registro</dt>
              <dd className="font-mono text-lg font-semibold text-slate-900">
                <BusinessLink registry={result.business_registry_number} />
              </dd>
            </div>
            <div>
              <dt className="font-medium text-slate-600">Nombre del negocio</dt>
              <dd className="break-words text-slate-900">
                <BusinessLink registry={result.business_registry_number} tabIndex={-1}>
                  {result.business_name}
                </BusinessLink>
              </dd>
            </div>
          </dl>
          {/* Keyed: the next registration starts without this one's retry. */}
          <UnsavedLocation key={result.business_registry_number} result={result} />
          {result.temporary_password_sent === false ? (
            <Banner tone="warning">
              Todavía no se pudo enviar la contraseña temporal al correo del propietario. El portal lo
              intentará de nuevo automáticamente durante las próximas horas.
            </Banner>
          ) : (
            <p className="text-sm text-slate-600">
              Se envió una contraseña temporal al correo del propietario; deberá cambiarla al iniciar sesión.
            </p>
          )}
        </div>
      ) : null}
    </Modal>
  );
}
