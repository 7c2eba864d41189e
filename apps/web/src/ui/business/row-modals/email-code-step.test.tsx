// 'Reenviar código' keeps the focus while it sends (busy, not disabled); the step's other work
// ('Confirmar Cambio' checking a code) disables it and makes the code field read-only, focus kept.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { EmailCodeStep } from './email-code-step.tsx';

afterEach(cleanup);

const step = (resending: boolean) => (
  <EmailCodeStep
    formId="email-change"
    newEmail="nuevo@example.com"
    disabled
    resendSeconds={0}
    resending={resending}
    onResend={() => {}}
    onSubmit={() => {}}
  />
);

it("keeps 'Reenviar código' focused while it sends", () => {
  const { rerender } = render(step(false));
  const resend = screen.getByRole('button', { name: 'Reenviar código' });
  expect(resend).toHaveProperty('disabled', true);

  rerender(step(true));
  resend.focus();
  expect(resend).toHaveProperty('disabled', false);
  expect(resend.getAttribute('aria-disabled')).toBe('true');
  expect(document.activeElement).toBe(resend);
});

it('keeps the code field focused, read-only, while the code is checked', () => {
  const { rerender } = render(
    <EmailCodeStep
      formId="email-change"
      newEmail="nuevo@example.com"
      disabled={false}
      resendSeconds={0}
      resending={false}
      onResend={() => {}}
      onSubmit={() => {}}
    />,
  );
  const field = screen.getByLabelText('Código de verificación') as HTMLInputElement;
  field.focus();
  rerender(step(false));
  expect(document.activeElement).toBe(field);
  expect(field.readOnly).toBe(true);
  expect(field.disabled).toBe(false);
});
