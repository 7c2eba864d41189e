// The conflict view says what the person's own unsaved change is (what 'Aplicar mi cambio de todos
// modos' sends), and takes the focus when it appears with nobody on a control (the refused save's
// button was disabled), but not from a control the person is using.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConflictNotice, type ConflictNoticeProps } from './conflict-notice.tsx';

afterEach(cleanup);

const props: ConflictNoticeProps = {
  changes: [{ label: 'Nombre', shown: 'Panadería Vieja', now: 'Panadería Nueva' }],
  changedBy: null,
  changedAt: null,
  onReload: () => {},
  onApplyAnyway: () => {},
};

describe('ConflictNotice', () => {
  it("lists the person's own change beside the other person's, and says which button sends it", () => {
    render(<ConflictNotice {...props} ownChanges={[{ label: 'Año de fundación', value: '2003' }]} />);
    const notice = screen.getByRole('alert');
    const mine = within(notice).getByRole('list', {
      name: 'Su cambio, sin guardar («Aplicar mi cambio de todos modos» lo guarda):',
    });
    expect(within(mine).getByRole('listitem').textContent).toBe('Año de fundación: 2003');
    expect(within(notice).getByRole('row', { name: /Nombre/ }).textContent).toContain('Panadería Nueva');
  });

  it('says only that the change was not saved when it can no longer be applied', () => {
    render(
      <ConflictNotice
        {...props}
        onApplyAnyway={undefined}
        ownChanges={[{ label: 'Teléfono', value: '(787) 555-0100' }]}
      />,
    );
    expect(screen.getByRole('list', { name: 'Su cambio, sin guardar:' })).toBeTruthy();
  });

  it('shows no such list when there is no own change to show', () => {
    render(<ConflictNotice {...props} />);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('takes the focus on its heading when nothing has it, or the dialog holding it', () => {
    render(<ConflictNotice {...props} />);
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'Este registro cambió mientras lo editaba' }),
    );

    cleanup();
    function InDialog({ refused }: { refused: boolean }) {
      return (
        <div role="dialog" aria-label="Editar datos" tabIndex={-1}>
          {refused ? <ConflictNotice {...props} /> : null}
        </div>
      );
    }
    const { rerender } = render(<InDialog refused={false} />);
    screen.getByRole('dialog').focus();
    rerender(<InDialog refused />);
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'Este registro cambió mientras lo editaba' }),
    );
  });

  it('takes it from the refused save, disabled now', () => {
    function Form({ refused }: { refused: boolean }) {
      return (
        <div>
          {refused ? <ConflictNotice {...props} /> : null}
          <button type="button" disabled={refused}>
            Guardar Cambios
          </button>
        </div>
      );
    }
    const { rerender } = render(<Form refused={false} />);
    screen.getByRole('button', { name: 'Guardar Cambios' }).focus();
    rerender(<Form refused />);
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'Este registro cambió mientras lo editaba' }),
    );
  });

  it('leaves the focus on a control the person is using (the access switch they toggled)', () => {
    function Page({ refused }: { refused: boolean }) {
      return (
        <div>
          <button type="button" role="switch" aria-checked="true">
            SERVICIOS
          </button>
          {refused ? <ConflictNotice {...props} /> : null}
        </div>
      );
    }
    const { rerender } = render(<Page refused={false} />);
    const toggle = screen.getByRole('switch', { name: 'SERVICIOS' });
    toggle.focus();
    rerender(<Page refused />);
    expect(document.activeElement).toBe(toggle);
  });
});
