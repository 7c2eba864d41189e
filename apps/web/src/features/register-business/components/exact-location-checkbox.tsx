import { PUERTO_RICO_DEFAULT_LOCATION } from '@portal/contract/limits';
import { MapPin } from 'lucide-react';
import { focusRing } from '../../../ui/cn.ts';
import { Spinner } from '../../../ui/spinner.tsx';
import type { ExactLocationState } from '../hooks/use-exact-location.ts';

const coordinate = (value: number) => value.toFixed(5);

interface ExactLocationCheckboxProps {
  state: ExactLocationState;
  onCheckedChange: (checked: boolean) => void;
}

/** 'Usar mi ubicación exacta': browser geolocation, else the centre of Puerto Rico (SPEC §9). */
export function ExactLocationCheckbox({ state, onCheckedChange }: ExactLocationCheckboxProps) {
  const defaults = PUERTO_RICO_DEFAULT_LOCATION;
  return (
    <div className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3 md:col-span-2">
      <label className="flex min-h-10 cursor-pointer items-center gap-3 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          className={`size-5 shrink-0 rounded border-slate-300 accent-blue-600 ${focusRing}`}
          checked={state.status !== 'off'}
          onChange={(event) => onCheckedChange(event.target.checked)}
        />
        <MapPin className="size-4 text-blue-600" aria-hidden="true" />
        Usar mi ubicación exacta
      </label>
      {state.status === 'locating' ? (
        <Spinner size="sm" label="Obteniendo ubicación..." className="text-blue-600" />
      ) : null}
      {state.status === 'located' ? (
        <p role="status" className="text-sm text-emerald-700">
          Ubicación obtenida: {coordinate(state.coordinates.latitude)},{' '}
          {coordinate(state.coordinates.longitude)}
        </p>
      ) : null}
      {state.status === 'off' && state.error ? (
        <p role="alert" className="text-sm text-red-600">
          {state.error}
        </p>
      ) : null}
      {state.status === 'off' ? (
        <p className="text-xs text-slate-500">
          Sin ubicación exacta se usan las coordenadas del centro de {defaults.location_country} (
          {defaults.location_latitude}, {defaults.location_longitude}).
        </p>
      ) : null}
    </div>
  );
}
