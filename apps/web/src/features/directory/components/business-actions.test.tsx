import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession } from '../../../test/session-fixtures.ts';
import { renderActions, setupFakeServer } from './actions-test-kit.tsx';

setupFakeServer();

describe('row actions', () => {
  it('names each action after the business; the master sees delete', () => {
    renderActions();
    for (const name of [
      'Ver historial de Panadería La Esquina',
      'Gestionar verificación de Panadería La Esquina',
      'Actualizar email de Panadería La Esquina',
      'Eliminar Panadería La Esquina',
    ]) {
      expect(screen.getByRole('button', { name }).getAttribute('title')).toBe(name);
    }
  });

  it('shows no delete action to an admin', () => {
    renderActions(adminSession());
    expect(screen.queryByRole('button', { name: 'Eliminar Panadería La Esquina' })).toBeNull();
  });
});
