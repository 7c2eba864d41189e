// 'Exportar' by keyboard: the format chosen leaves with the menu, so the focus goes on to the
// progress's 'Cancelar', and back to 'Exportar' once the file is done or cancelled.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DownloadProgress } from '../api/download.ts';
import type { ExportRequest, ExportState } from '../lib/use-export.ts';
import { ExportMenu } from './export-menu.tsx';

afterEach(cleanup);

/** An exporter whose file is done when the test presses 'Terminar'. */
function Screen({ progress = { bytes: 0, rows: null, total: null } }: { progress?: DownloadProgress }) {
  const [running, setRunning] = useState<ExportRequest | null>(null);
  const exporter: ExportState = {
    running,
    progress,
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

describe('ExportMenu progress', () => {
  it('says the file is in preparation until its first byte, not 0 B', () => {
    render(<Screen />);
    chooseCsv();
    expect(screen.getByText('Exportando CSV… en preparación')).toBeTruthy();
    expect(screen.queryByText(/0 B/)).toBeNull();
  });

  it('then shows the size received', () => {
    render(<Screen progress={{ bytes: 24 * 1024, rows: null, total: null }} />);
    chooseCsv();
    expect(screen.getByText('Exportando CSV… 24 KB')).toBeTruthy();
  });
});
