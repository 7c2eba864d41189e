import { PUERTO_RICO_DEFAULT_LOCATION } from '@portal/contract/limits';
import { formatPhone } from '@portal/contract/phone';
import type { RegisterBusinessFormValues } from '@portal/contract/register-business-form';
import { establishmentLabel } from '../../../lib/establishment-label.ts';
import { Banner } from '../../../ui/banner.tsx';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import type { ExactLocationState } from '../hooks/use-exact-location.ts';
import { ownerName } from '../registration-payload.ts';

interface ConfirmRegistrationModalProps {
  values: RegisterBusinessFormValues | null;
  exactLocation: ExactLocationState;
  saving: boolean;
  /** Why the last try failed, said next to the button that tries again. */
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

function coordinatesText(state: ExactLocationState): string {
  if (state.status === 'locating') return 'Obteniendo ubicación...';
  if (state.status === 'located')
    return `Exacta (${state.coordinates.latitude.toFixed(5)}, ${state.coordinates.longitude.toFixed(5)})`;
  const { location_latitude: lat, location_longitude: lng } = PUERTO_RICO_DEFAULT_LOCATION;
  return `Predeterminada de Puerto Rico (${lat}, ${lng})`;
}

export function ConfirmRegistrationModal({
  values,
  exactLocation,
  saving,
  error,
  onCancel,
  onConfirm,
}: ConfirmRegistrationModalProps) {
  const rows: [string, string][] = values
    ? [
        ['Negocio', values.business_name],
        ['Año', values.business_year],
        ['Categoría', values.business_category],
        ['Propietario', ownerName(values)],
        ['Correo electrónico', `${values.business_email}${values.email_verified ? ' (verificado)' : ''}`],
        ['Teléfono', `${formatPhone(values.business_phone)}${values.phone_verified ? ' (verificado)' : ''}`],
        [
          'Dirección',
          [values.location_address_1, values.location_address_2, values.location_city, values.location_zip]
            .map((part) => part.trim())
            .filter(Boolean)
            .join(', '),
        ],
        ['Establecimiento', establishmentLabel(values.location_scenery_type)],
        ['Coordenadas', coordinatesText(exactLocation)],
      ]
    : [];

  return (
    <Modal
      open={values !== null}
      onOpenChange={(open) => {
        if (!open && !saving) onCancel();
      }}
      title="Confirmar Registro"
      description="Revise los datos antes de registrar el negocio. Se enviará una contraseña temporal al correo del propietario."
      footer={
        <>
          {/* In the footer, not the scrolling body: seen next to the button that tries again. */}
          {error && !saving ? (
            <Banner tone="error" className="w-full">
              {error}
            </Banner>
          ) : null}
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            Cancelar
          </Button>
          <Button onClick={onConfirm} loading={saving} disabled={exactLocation.status === 'locating'}>
            {saving ? 'Registrando...' : 'Confirmar Registro'}
          </Button>
        </>
      }
    >
      <dl className="divide-y divide-slate-100 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 py-2 sm:grid-cols-3 sm:gap-4">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="break-words text-slate-900 sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
