import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * A modal dialog: labelled by its title, focus kept inside (Tab wraps), Escape cancels, the page behind it inert.
 * Focus goes to the element marked `data-autofocus` (else the first control) and back to where it was on close.
 * Render it only while it is open.
 */
export function Dialog({ title, children, onCancel }: { title: ReactNode; children: ReactNode; onCancel(): void }) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement | null>(null);
  const cancel = useRef(onCancel);
  useEffect(() => {
    cancel.current = onCancel;
  }, [onCancel]);

  if (!host.current && typeof document !== 'undefined') host.current = document.createElement('div');

  useEffect(() => {
    const node = host.current;
    if (!node) return;
    document.body.append(node);
    const previous = document.activeElement as HTMLElement | null;
    // Everything else on the page leaves the tab order and the accessibility tree while the dialog is open.
    const others = [...document.body.children].filter((child) => child !== node && !child.hasAttribute('inert'));
    others.forEach((child) => child.setAttribute('inert', ''));
    const box = panel.current;
    (box?.querySelector<HTMLElement>('[data-autofocus]') ?? box?.querySelector<HTMLElement>(FOCUSABLE) ?? box)?.focus();
    return () => {
      others.forEach((child) => child.removeAttribute('inert'));
      node.remove();
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      cancel.current();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return event.preventDefault();
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  if (!host.current) return null;
  return createPortal(
    // Auto margins centre the panel, yet a panel taller than the screen still scrolls from its top.
    <div className="fixed inset-0 z-50 flex overflow-y-auto bg-slate-950/60 p-4">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="m-auto w-full max-w-md space-y-4 rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    host.current,
  );
}

/** The dialog's buttons, right-aligned on wide screens and stacked full-width on narrow ones. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">{children}</div>;
}
