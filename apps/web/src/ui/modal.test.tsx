// A modal opened by a plain button (not a Radix trigger) gives the focus back to that button when it
// closes (DESIGN §9), also when a field of it took the focus on opening, unless the focus was placed
// elsewhere meanwhile.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Modal } from './modal.tsx';

afterEach(cleanup);

/** A button that opens a modal; `unmount` closes it by removing the modal, as a screen does with `view && <Modal open />`. */
function Opener({ unmount = false }: { unmount?: boolean }) {
  const [open, setOpen] = useState(false);
  const modal = (
    <Modal open={unmount ? true : open} onOpenChange={setOpen} title="Guardar vista">
      <button type="button" onClick={() => setOpen(false)}>
        Guardar
      </button>
      <input aria-label="Nombre" autoFocus />
    </Modal>
  );
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <button type="button">Otro</button>
      {unmount ? (open ? modal : null) : modal}
    </>
  );
}

async function openModal() {
  const opener = screen.getByRole('button', { name: 'Abrir' });
  opener.focus();
  fireEvent.click(opener);
  await screen.findByRole('dialog', { name: 'Guardar vista' });
  return opener;
}

describe('Modal', () => {
  it('gives the focus back to the button that opened it after an action closes it', async () => {
    render(<Opener />);
    const opener = await openModal();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('gives it back after Escape, and when the screen removes the modal instead of closing it', async () => {
    render(<Opener />);
    const opener = await openModal();
    fireEvent.keyDown(screen.getByLabelText('Nombre'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));

    cleanup();
    render(<Opener unmount />);
    const second = await openModal();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(second));
  });

  it('leaves the focus where the screen put it after closing', async () => {
    function Elsewhere() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Abrir
          </button>
          <button type="button">Otro</button>
          <Modal open={open} onOpenChange={setOpen} title="Guardar vista">
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                setTimeout(() => screen.getByRole('button', { name: 'Otro', hidden: true }).focus(), 0);
              }}
            >
              Guardar
            </button>
          </Modal>
        </>
      );
    }
    render(<Elsewhere />);
    await openModal();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Otro' }));
  });

  it("gives it to the menu's button when an item of a menu (gone by then) opened it", async () => {
    function FromMenu() {
      const [menu, setMenu] = useState(true);
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" id="acciones" onClick={() => setMenu(true)}>
            Acciones
          </button>
          {menu ? (
            <div role="menu" aria-labelledby="acciones">
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  // As a Radix menu item does: the menu closes in the same update that opens the dialog.
                  setMenu(false);
                  setOpen(true);
                }}
              >
                Editar datos
              </button>
            </div>
          ) : null}
          {open ? (
            <Modal open onOpenChange={setOpen} title="Editar datos">
              <button type="button" onClick={() => setOpen(false)}>
                Guardar
              </button>
            </Modal>
          ) : null}
        </>
      );
    }
    render(<FromMenu />);
    const item = screen.getByRole('menuitem', { name: 'Editar datos' });
    item.focus();
    fireEvent.click(item);
    await screen.findByRole('dialog', { name: 'Editar datos' });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Acciones' })),
    );
  });
});
