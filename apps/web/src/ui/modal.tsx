import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { Button, type ButtonProps } from './button.tsx';
import { cn, focusRing } from './cn.ts';

interface ModalProps {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Asked to close (Escape, the X, a click outside); not called while `busy`. */
  onClose?: () => void;
  busy?: boolean;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Takes the focus at close when what opened the dialog cannot (gone, or disabled by what it did). */
  focusFallback?: RefObject<HTMLElement | null>;
}

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-5xl' };

/** A dialog with focus trap, Escape to close and a labelled title (Radix Dialog). */
export function Modal({
  open,
  onOpenChange,
  onClose,
  busy = false,
  title,
  description,
  children,
  footer,
  size = 'md',
  focusFallback,
}: ModalProps) {
  const change = (next: boolean) => {
    onOpenChange?.(next);
    if (!next && !busy) onClose?.();
  };
  // Radix gives the focus back only to a Dialog.Trigger; ours are plain buttons, so the dialog
  // remembers what had the focus when it opened and gives it back, unless the focus went elsewhere.
  // Read while rendering the opening, before a field's autoFocus moves the focus into the dialog.
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && document.activeElement instanceof HTMLElement) {
    opener.current = returnTarget(document.activeElement);
  }
  wasOpen.current = open;
  const giveFocusBack = (event: Event) => {
    const target = opener.current;
    opener.current = null;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    if (target?.isConnected) target.focus();
    if (document.activeElement !== target && focusFallback?.current) focusFallback.current.focus();
    if (document.activeElement !== document.body) event.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={giveFocusBack}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-xl',
            widths[size],
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <div className="space-y-1">
              <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="text-sm text-slate-600">{description}</Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close
              aria-label="Cerrar"
              className={cn(
                'rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700',
                focusRing,
              )}
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          {/* Nothing to show between the title and the buttons: no empty padded band there. */}
          {children == null || children === false ? null : (
            <ScrollingBody label={title}>{children}</ScrollingBody>
          )}
          {footer ? (
            <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">
              {footer}
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * Where the focus goes back to: what had it when the dialog opened, or, for an item of a menu (gone
 * once the menu closes), the button that opened the menu ('Acciones' on a phone). A dialog whose code
 * is already loaded opens before the menu has given the focus back to its button.
 */
function returnTarget(active: HTMLElement): HTMLElement {
  const labelledBy = active.closest('[role="menu"]')?.getAttribute('aria-labelledby');
  const menuButton = labelledBy ? document.getElementById(labelledBy) : null;
  return menuButton ?? active;
}

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The dialog's body. When it scrolls (a long confirmation on a phone) with nothing inside that takes
 * the focus, it is a tab stop of its own, so the keyboard can scroll it too.
 */
function ScrollingBody({ label, children }: { label: string; children: ReactNode }) {
  const body = useRef<HTMLDivElement>(null);
  const [tabStop, setTabStop] = useState(false);
  useLayoutEffect(() => {
    const check = () => {
      const el = body.current;
      if (el) setTabStop(el.scrollHeight > el.clientHeight && !el.querySelector(FOCUSABLE));
    };
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  });
  return (
    <div
      ref={body}
      className={cn('overflow-y-auto px-5 py-4', tabStop && focusRing)}
      {...(tabStop ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
    >
      {children}
    </div>
  );
}

interface ModalButtonsProps extends ButtonProps {
  onCancel: () => void;
  /** Cancel is disabled and the confirming button spins while the action runs. */
  busy?: boolean;
}

/** A modal footer's 'Cancelar' and its confirming button (the props not named here go to it). */
export function ModalButtons({ onCancel, busy = false, ...confirm }: ModalButtonsProps) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancelar
      </Button>
      <Button loading={busy} {...confirm} />
    </>
  );
}

/** A modal footer with only 'Cerrar'. */
export function ModalCloseButton({ onClose }: { onClose: () => void }) {
  return (
    <Button variant="secondary" onClick={onClose}>
      Cerrar
    </Button>
  );
}
