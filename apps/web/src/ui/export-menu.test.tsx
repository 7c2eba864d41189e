// 'Exportar' by keyboard: the format chosen leaves with the menu, so the focus goes on to the
// progress's 'Cancelar', and back to 'Exportar' once the file is done or cancelled.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExportRequest, ExportState } from '../lib/use-export.ts';
import { ExportMenu } from './export-menu.tsx';

afterEach(cleanup);

/** An exporter whose file is done when the test presses 'Terminar'. */
function Screen() {
  const [running, setRunning] = useState<ExportRequest | null>(null);
  const exporter: ExportState = {
    running,
    progress: { bytes: 0, rows: null, total: null },
    start: setRunning,
    cancel: () => setRunning(null),
  };
  return (
    <>
      <ExportMenu exporter={exporter} />
      <button type="button" onClick={() => setRunning(null)}>
        Terminar
      </button>
    </>
  );
}

function chooseCsv() {
  const trigger = screen.getByRole('button', { name: 'Exportar' });
  trigger.focus();
  fireEvent.click(trigger);
  const csv = screen.getByRole('button', { name: 'CSV' });
  expect(document.activeElement).toBe(csv);
  fireEvent.click(csv);
}

describe('ExportMenu focus', () => {
  it("moves to the progress's Cancelar, then back to Exportar when the file is done", () => {
    render(<Screen />);
    chooseCsv();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancelar' }));
    // Done, as the download ends: nothing the person pressed.
    fireEvent.click(screen.getByRole('button', { name: 'Terminar' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Exportar' }));
  });

  it('goes back to Exportar after Cancelar', () => {
    render(<Screen />);
    chooseCsv();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Exportar' }));
  });

  it('leaves the focus where the person moved it while the file downloads', () => {
    render(<Screen />);
    chooseCsv();
    const elsewhere = screen.getByRole('button', { name: 'Terminar' });
    elsewhere.focus();
    fireEvent.click(elsewhere);
    expect(document.activeElement).toBe(elsewhere);
  });
});
