import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocation } from 'react-router';
import { PageHeader } from '../../../ui/page-header.tsx';
import type { RegisterResult } from '../api/use-register-business.ts';
import { RegistrationSuccessModal } from './lazy-modals.tsx';
import { FIRST_FIELD_ID, RegisterBusinessForm } from './register-business-form.tsx';

/** 'Registrar Nuevo Negocio': the dashboard tab 'Registrar Negocio' and the page /business-registrations. */
export default function RegisterBusinessScreen() {
  const standalone = useLocation().pathname.startsWith('/business-registrations');
  const [result, setResult] = useState<RegisterResult | null>(null);
  // A new key after each registration gives a fresh form: values, code, location, checks.
  const [formKey, setFormKey] = useState(0);

  return (
    <div>
      <PageHeader
        level={standalone ? 1 : 2}
        title="Registrar Nuevo Negocio"
        description="Registre un negocio en nombre de su propietario; recibirá una contraseña temporal por correo."
      />
      <RegisterBusinessForm
        key={formKey}
        onRegistered={(registered) => {
          setResult(registered);
          setFormKey((key) => key + 1);
        }}
      />
      <RegistrationSuccessModal
        result={result}
        onClose={() => {
          // Closed now, then the top of the fresh form focused before anything is painted: the dialog's
          // own focus return comes a frame or two later, meanwhile on the page.
          flushSync(() => setResult(null));
          document.getElementById(FIRST_FIELD_ID)?.focus();
        }}
      />
    </div>
  );
}
