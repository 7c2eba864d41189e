import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerSpanishMessages } from '../../../lib/spanish-messages.ts';
import { OwnerAccessStatus } from './owner-access-status.tsx';

beforeAll(registerSpanishMessages);
afterEach(cleanup);

const access = (
  counts: Partial<Record<'sent' | 'pending' | 'in_trash' | 'failed' | 'cancelled', number>>,
) => ({
  sent: 0,
  pending: 0,
  in_trash: 0,
  failed: 0,
  cancelled: 0,
  ...counts,
});

const show = (counts: Parameters<typeof access>[0], onRetry = vi.fn(), retryError: Error | null = null) =>
  render(
    <OwnerAccessStatus access={access(counts)} onRetry={onRetry} retrying={false} retryError={retryError} />,
  );

describe("the owners' access mails of a finished import", () => {
  it('while some are queued, says how many went out of how many', () => {
    show({ sent: 1, pending: 1_200 });
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Enviando el acceso a los dueños');
    expect(status.textContent).toContain('Enviados: 1 de 1,201 emails; 1,200 en cola.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('when every one went, says so in one line, singular or plural', () => {
    show({ sent: 1 });
    expect(screen.getByText('Se envió 1 email con la contraseña temporal al dueño.')).toBeTruthy();
    show({ sent: 3, cancelled: 1 });
    expect(
      screen.getByText(
        'Se enviaron 3 emails con la contraseña temporal a los dueños. 1 email no hizo falta: el negocio ya tiene otra contraseña o ya no está en el directorio.',
      ),
    ).toBeTruthy();
    show({ sent: 2, cancelled: 2 });
    expect(
      screen.getByText(
        'Se enviaron 2 emails con la contraseña temporal a los dueños. 2 emails no hicieron falta: los negocios ya tienen otra contraseña o ya no están en el directorio.',
      ),
    ).toBeTruthy();
  });

  it('a failed email is offered again even while others are still queued', async () => {
    const onRetry = vi.fn();
    show({ failed: 1, pending: 1 }, onRetry);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Un dueño no recibió su acceso');
    expect(alert.textContent).toContain(
      '1 email no se pudo enviar después de varios intentos. 1 en cola: se intentará de nuevo más tarde.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar envíos' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('when some failed on every try, warns and offers to send them again', async () => {
    const onRetry = vi.fn();
    show({ sent: 4, failed: 2 }, onRetry);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Algunos dueños no recibieron su acceso');
    expect(alert.textContent).toContain(
      '2 emails no se pudieron enviar después de varios intentos. 4 emails se enviaron.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar envíos' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says in Spanish why asking again did not work', () => {
    show({ failed: 1 }, vi.fn(), new Error('Service temporarily unavailable'));
    expect(screen.getByRole('alert').textContent).toContain('El servicio no está disponible');
    expect(screen.getByRole('alert').textContent).not.toContain('emails se enviaron');
  });

  it('a mail whose business is in the trash waits for it, and says so', () => {
    show({ sent: 2, in_trash: 1 });
    expect(
      screen.getByText(
        'Se enviaron 2 emails con la contraseña temporal a los dueños. 1 email espera a que su negocio salga de la papelera.',
      ),
    ).toBeTruthy();
    show({ in_trash: 2, cancelled: 1 });
    expect(
      screen.getByText(
        '2 emails esperan a que sus negocios salgan de la papelera. 1 email no hizo falta: el negocio ya tiene otra contraseña o ya no está en el directorio.',
      ),
    ).toBeTruthy();
  });
});
