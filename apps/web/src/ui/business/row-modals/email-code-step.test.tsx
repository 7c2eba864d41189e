// 'Reenviar código' keeps the focus while it sends (busy, not disabled); the step's other work
// ('Confirmar Cambio' checking a code) disables it.
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
