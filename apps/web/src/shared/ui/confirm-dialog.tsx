// A confirmation asked in a modal <dialog>: the browser traps focus in it, Escape dismisses it, and
// focus returns to the button that opened it. For one-click actions a person cannot undo.
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { buttonStyle } from './button-styles.ts';

export interface ConfirmDialogProps {
  /** open while set */
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** the confirm button's look: danger (the default) for what cannot be undone, primary for a record made */
  confirmLook?: 'danger' | 'primary';
  /** fields the confirmation needs (a reason, an amount), between the text and the buttons */
  children?: ReactNode;
  onConfirm(): void;
  onClose(): void;
}

export function ConfirmDialog({ open, title, body, confirmLabel, cancelLabel = 'Keep it', confirmLook = 'danger', children, onConfirm, onClose }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      onClose={onClose}
      className="m-auto max-w-sm rounded-lg p-6 shadow-xl backdrop:bg-slate-900/50"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p id={`${id}-body`} className="mt-2 text-sm text-slate-700">
        {body}
      </p>
      {children && <div className="mt-4 grid gap-3">{children}</div>}
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" autoFocus onClick={onClose} className={buttonStyle('secondary', 'small')}>
          {cancelLabel}
        </button>
        <button
          type="button"
          onClick={() => {
            onConfirm();
            onClose();
          }}
          className={buttonStyle(confirmLook, 'small')}
        >
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
