// The palette says what it searched when nothing matched, and has a close button a finger can tap
// (a phone has no Esc key).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listBusinesses } from '../../api/business-data-api.ts';
import { sessionStore } from '../../session/session-store.ts';
import { masterSession } from '../../test/session-fixtures.ts';
import { stubResizeObserver } from '../../test/stub-resize-observer.ts';
import { CommandPalette } from './command-palette.tsx';

vi.mock('../../api/business-data-api.ts', () => ({ listBusinesses: vi.fn() }));

beforeEach(() => {
  sessionStore.signIn(masterSession());
  stubResizeObserver();
  Element.prototype.scrollIntoView ??= () => {};
  vi.mocked(listBusinesses).mockResolvedValue({ businesses: [], total_count: 0 } as never);
});
afterEach(() => {
  cleanup();
  sessionStore.clear();
  vi.clearAllMocks();
  vi.unstubAllGlobals();
});

function Location() {
  return <output aria-label="Ruta">{useLocation().pathname}</output>;
}

function renderPalette() {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/inicio']}>
        <Location />
        <CommandPalette open onOpenChange={onOpenChange} onShowShortcuts={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Búsqueda rápida' });
  return { onOpenChange, dialog, user: userEvent.setup() };
}

describe('CommandPalette', () => {
  it('says what was searched when nothing matches, in straight double quotes', async () => {
    const { dialog, user } = renderPalette();
    await user.type(within(dialog).getByRole('combobox'), ' zzzqqq ');
    const status = within(dialog).getByRole('status');
    expect(
      await within(status).findByText('Sin resultados para "zzzqqq"', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it("'Cerrar' closes it, by a tap or by Enter, and opens no result", async () => {
    const { dialog, onOpenChange, user } = renderPalette();
    const close = within(dialog).getByRole('button', { name: 'Cerrar' });
    await user.click(close);
    expect(onOpenChange).toHaveBeenCalledExactlyOnceWith(false);

    onOpenChange.mockClear();
    close.focus();
    await user.keyboard('{Enter}');
    expect(onOpenChange).toHaveBeenCalledExactlyOnceWith(false);
    // cmdk's Enter would open the selected screen: the page stays where it was.
    expect(screen.getByLabelText('Ruta', { selector: 'output' }).textContent).toBe('/inicio');
  });
});
