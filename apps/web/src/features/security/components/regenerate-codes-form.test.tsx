// 'Generar nuevos códigos' opens its form in place; 'Cancelar' closes it and gives the keyboard back.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { RegenerateCodesForm } from './regenerate-codes-form.tsx';

afterEach(cleanup);

function renderForm() {
  const onCodes = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RegenerateCodesForm onCodes={onCodes} onTurnedOff={vi.fn()} />
    </QueryClientProvider>,
  );
  return { onCodes, user: userEvent.setup() };
}

it("'Cancelar' gives the focus back to 'Generar nuevos códigos'", async () => {
  const { onCodes, user } = renderForm();
  await user.click(screen.getByRole('button', { name: 'Generar nuevos códigos' }));
  expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Código de su aplicación' }));

  await user.click(screen.getByRole('button', { name: 'Cancelar' }));
  expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Generar nuevos códigos' }));
  expect(onCodes).not.toHaveBeenCalled();
});

it('gives the keyboard to the empty field it asks for, code or password', async () => {
  const { onCodes, user } = renderForm();
  await user.click(screen.getByRole('button', { name: 'Generar nuevos códigos' }));
  await user.click(screen.getByRole('button', { name: 'Generar códigos' }));
  expect(screen.getByText('Ingrese el código de 6 dígitos.').getAttribute('role')).toBe('alert');
  expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Código de su aplicación' }));

  await user.click(screen.getByRole('button', { name: 'Usar mi contraseña' }));
  await user.click(screen.getByRole('button', { name: 'Generar códigos' }));
  expect(screen.getByText('Ingrese su contraseña.').getAttribute('role')).toBe('alert');
  expect(document.activeElement).toBe(screen.getByLabelText(/^Contraseña/));
  expect(onCodes).not.toHaveBeenCalled();
});
