import { Modal } from '../../ui/modal.tsx';
import { KEYBOARD_SHORTCUTS } from './keyboard-shortcuts.ts';

interface ShortcutsHelpProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Atajos de teclado' (the ? key): every shortcut of the portal. */
export function ShortcutsHelp({ open, onOpenChange }: ShortcutsHelpProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Atajos de teclado">
      <p className="mb-3 text-sm text-slate-600">
        Ninguno actúa mientras escribe en un campo, salvo Ctrl+K / ⌘K y las teclas del buscador del directorio
        indicadas.
      </p>
      <dl className="divide-y divide-slate-200">
        {KEYBOARD_SHORTCUTS.map((shortcut) => (
          <div key={shortcut.keys.join()} className="grid grid-cols-[7.5rem_1fr] items-center gap-4 py-2.5">
            <dt className="flex shrink-0 gap-1.5">
              {shortcut.keys.map((key, index) => (
                <span key={key} className="flex items-center gap-1.5">
                  {index > 0 ? (
                    <span className="text-xs text-slate-500" aria-hidden="true">
                      /
                    </span>
                  ) : null}
                  <kbd className="min-w-7 rounded-md border border-slate-300 bg-slate-50 px-1.5 py-0.5 text-center font-sans text-sm font-medium text-slate-800 shadow-[inset_0_-1px_0_rgb(203_213_225)]">
                    {key}
                  </kbd>
                </span>
              ))}
            </dt>
            <dd className="text-sm text-slate-700">{shortcut.description}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
