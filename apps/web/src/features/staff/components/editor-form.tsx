// The create-or-edit form of a manager screen: a titled panel, the form's own message of a refused
// save, the fields given as children, then the submit button and "Cancel editing" while editing.
import type { FormEvent, ReactNode, RefObject } from 'react';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import type { FormErrors } from '../lib/form-errors.ts';
import type { Outcome } from '../lib/use-save-actions.ts';
import { btn, Panel } from './ui.tsx';

interface EditorState {
  formRef: RefObject<HTMLFormElement | null>;
  errors: FormErrors;
  editingId: number | undefined;
  reset(): void;
}

export function EditorForm({
  title,
  editor,
  onSubmit,
  className,
  span,
  submitLabel,
  pending,
  children,
}: {
  title: string;
  editor: EditorState;
  onSubmit(e: FormEvent): void;
  /** the form's grid classes */
  className: string;
  /** column span of the full-width rows (the form's message and the buttons) */
  span: string;
  submitLabel: string;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <Panel title={title}>
      <form ref={editor.formRef} onSubmit={onSubmit} noValidate className={className}>
        {editor.errors.form && <StatusMessage tone="error" message={editor.errors.form} className={span} />}
        {children}
        <div className={`flex gap-2 ${span}`}>
          <button type="submit" className={btn.primary} disabled={pending}>
            {submitLabel}
          </button>
          {editor.editingId && (
            <button type="button" className={btn.secondary} onClick={editor.reset}>
              Cancel editing
            </button>
          )}
        </div>
      </form>
    </Panel>
  );
}

/** the result line under the form of the last save or list change */
export function OutcomeMessage({ done }: { done: Outcome | null }) {
  return <StatusMessage message={done?.message} tone={done?.tone ?? 'success'} className="mb-3" />;
}
