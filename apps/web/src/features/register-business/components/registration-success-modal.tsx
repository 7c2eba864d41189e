import { Banner } from '../../../ui/banner.tsx';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import type { RegisterResult } from '../api/use-register-business.ts';

interface RegistrationSuccessModalProps {
  result: RegisterResult | null;
  onClose: () => void;
}

export function RegistrationSuccessModal({ result, onClose }: RegistrationSuccessModalProps) {
  return (
    <Modal
      open={result !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Registro Exitoso"
      description="El negocio quedó registrado en el directorio."
      size="sm"
      footer={<Button onClick={onClose}>Aceptar</Button>}
    >
      {result ? (
        <div className="space-y-4">
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="font-medium text-slate-600">Número de registro</dt>
              <dd className="font-mono text-lg font-semibold text-slate-900">
                {result.business_registry_number}
              </dd>
            </div>
            <div>
              <dt className="font-medium text-slate-600">Nombre del negocio</dt>
              <dd className="break-words text-slate-900">{result.business_name}</dd>
            </div>
          </dl>
          {result.temporary_password_sent === false ? (
            <Banner tone="warning">
              No se pudo enviar la contraseña temporal al correo del propietario.
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
