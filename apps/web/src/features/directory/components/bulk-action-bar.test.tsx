// While 'Seleccionar los N resultados' reads the whole search's numbers, no action can start on the
// selection as it was before them (it would act on fewer businesses than the person chose).
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { BulkActionBar } from './bulk-action-bar.tsx';

afterEach(cleanup);

const ACTIONS = [
  'Verificar email',
  'Verificar teléfono',
  'Cambiar categoría',
  'Exportar selección',
  'Eliminar',
];

function renderBar(selectingAll: boolean) {
  render(
    <BulkActionBar
      count={1}
      total={12}
      capped={false}
      master
      selectingAll={selectingAll}
      selectAllError={null}
      exporting={false}
      onSelectAll={vi.fn()}
      onClear={vi.fn()}
      onAction={vi.fn()}
      onExport={vi.fn()}
    />,
  );
  return within(screen.getByRole('region', { name: 'Acciones sobre la selección' }));
}

it('keeps every action off while the whole search is being selected', () => {
  const bar = renderBar(true);
  for (const name of ACTIONS)
    expect((bar.getByRole('button', { name, hidden: true }) as HTMLButtonElement).disabled).toBe(true);
  // 'Quitar selección' (twice: the wide bar's and the phone panel's) stays on
  for (const clear of bar.getAllByRole('button', { name: 'Quitar selección', hidden: true }))
    expect((clear as HTMLButtonElement).disabled).toBe(false);
});

it('offers every action once the selection is what it says', () => {
  const bar = renderBar(false);
  for (const name of ACTIONS)
    expect((bar.getByRole('button', { name, hidden: true }) as HTMLButtonElement).disabled).toBe(false);
});
