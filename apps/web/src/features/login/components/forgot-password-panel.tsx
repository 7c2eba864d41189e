import { ArrowLeft, KeyRound } from 'lucide-react';
import { Button } from '../../../ui/button.tsx';

const STEPS = [
  'Contacte a su supervisor directo o al departamento de informática.',
  'Proporcione su correo electrónico registrado.',
  'Solicite el restablecimiento de su contraseña.',
  'Espere la confirmación con sus nuevas credenciales.',
];

export function ForgotPasswordPanel({ onBack }: { onBack: () => void }) {
  return (
    <section aria-labelledby="forgot-title" className="space-y-5">
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-full bg-blue-50 text-blue-600">
          <KeyRound className="size-5" aria-hidden="true" />
        </span>
        <h2 id="forgot-title" className="text-xl font-semibold text-slate-900">
          ¿Olvidó su contraseña?
        </h2>
      </div>
      <p className="text-sm leading-6 text-slate-600">
        Por razones de seguridad, el restablecimiento de contraseña debe solicitarse a su supervisor directo o
        al departamento de informática.
      </p>
      <ol className="space-y-3">
        {STEPS.map((step, index) => (
          <li key={step} className="flex gap-3 text-sm text-slate-700">
            <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-blue-600 text-xs font-semibold text-white">
              {index + 1}
            </span>
            <span className="pt-0.5">{step}</span>
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        className="w-full"
        onClick={onBack}
        icon={<ArrowLeft className="size-4" aria-hidden="true" />}
      >
        Volver al inicio de sesión
      </Button>
    </section>
  );
}
