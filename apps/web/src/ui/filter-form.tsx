// The pieces the filter forms share (directory, audit): the date range and 'Limpiar' / 'Aplicar Filtros'.
import { Check, RotateCcw } from 'lucide-react';
import { Button } from './button.tsx';
import { describedBy, Field, TextInput } from './field.tsx';

type DateKey = 'dateFrom' | 'dateTo';

interface DateRangeFieldsProps {
  /** The inputs are `${id}-from` and `${id}-to`. */
  id: string;
  dateFrom: string;
  dateTo: string;
  /** The latest 'Fecha Desde' allowed while 'Fecha Hasta' is empty. */
  latest?: string;
  /** Shown under 'Fecha Hasta'. */
  error: string | null;
  onChange: (key: DateKey, value: string) => void;
}

/** 'Fecha Desde' and 'Fecha Hasta', each bounded by the other. */
export function DateRangeFields({ id, dateFrom, dateTo, latest, error, onChange }: DateRangeFieldsProps) {
  return (
    <>
      <Field id={`${id}-from`} label="Fecha Desde">
        <TextInput
          id={`${id}-from`}
          type="date"
          value={dateFrom}
          max={dateTo || latest}
          onChange={(event) => onChange('dateFrom', event.target.value)}
        />
      </Field>
      <Field id={`${id}-to`} label="Fecha Hasta" error={error}>
        <TextInput
          id={`${id}-to`}
          type="date"
          value={dateTo}
          min={dateFrom || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(`${id}-to`, error)}
          onChange={(event) => onChange('dateTo', event.target.value)}
        />
      </Field>
    </>
  );
}

/** A filter form's buttons: 'Limpiar' empties it, 'Aplicar Filtros' submits it. */
export function FilterButtons({ onClear }: { onClear: () => void }) {
  return (
    <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
      <Button
        variant="secondary"
        onClick={onClear}
        icon={<RotateCcw className="size-4" aria-hidden="true" />}
      >
        Limpiar
      </Button>
      <Button type="submit" icon={<Check className="size-4" aria-hidden="true" />}>
        Aplicar Filtros
      </Button>
    </div>
  );
}
