// 'Registrar Nuevo Negocio' against the real server: an email another business of the directory
// already has gets no verification code; the field says so on leaving it and on 'Enviar código'.
import { expect, type Request, test } from '@playwright/test';
import { registerBusiness } from './support/businesses.ts';
import { codeSentTo, mailsSentTo } from './support/mailbox.ts';
import { field, openForm } from './support/register-business-form.ts';
import { signInAsMaster, uniqueEmail } from './support/staff.ts';

// SPEC §5's message when the existence check finds the email.
const TAKEN_MESSAGE = 'Este correo electrónico ya está registrado';

test('an email another business has gets no code; a free one does', async ({ page }) => {
  const taken = await registerBusiness();
  const mailsBefore = (await mailsSentTo(taken.email)).length;
  await signInAsMaster(page);
  await openForm(page);
  const codeRequests: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/email-verification/send-code')) codeRequests.push(request);
  });

  const email = field(page, 'Correo electrónico');
  const sendButton = page.getByRole('button', { name: 'Enviar código' });
  // Leaving the field asks at once.
  await email.fill(taken.email);
  await email.press('Tab');
  const message = page.getByRole('alert').filter({ hasText: TAKEN_MESSAGE });
  await expect(message).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  await sendButton.click();
  await expect(email).toBeFocused();
  await expect(message).toBeVisible();
  await expect(page.getByText('Código de verificación enviado')).toHaveCount(0);
  await expect(sendButton).toBeEnabled();

  // A free email gets its code; by the time its mail has arrived, none went to the taken one.
  const free = uniqueEmail('codigo-libre');
  await email.fill(free);
  await expect(message).toHaveCount(0);
  await sendButton.click();
  const sent = page.getByRole('status').filter({ hasText: 'Código de verificación enviado' });
  await expect(sent.getByText(/^\d{6}$/)).toHaveText(await codeSentTo(free));
  expect(codeRequests.map((request) => request.postDataJSON())).toEqual([{ email: free }]);
  expect(await mailsSentTo(taken.email)).toHaveLength(mailsBefore);
});
