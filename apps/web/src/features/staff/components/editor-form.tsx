// The create-or-edit form of a manager screen, drawn from a list of fields: a titled panel, the form's
// own message of a refused save, each field with its label, hint and message, then the submit button
// and "Cancel editing" while editing. A field the list cannot describe (the package's test picker,
// the blog's preview) brings its own `render`.
import type { ReactNode } from 'react';
import { type FieldError, type FieldValues, get, type Path, type RegisterOptions, type UseFormReturn } from 'react-hook-form';
import { StatusMessage } from '../../../shared/ui/status-message.tsx';
import type { Outcome, StaffEditor } from '../lib/use-staff-editor.ts';
import { CheckboxInput, SelectInput, TextArea, TextInput } from './fields.tsx';
import { Panel, btn } from './ui.tsx';

interface Common<V extends FieldValues> {
  name: Path<V>;
  label: string;
  hint?: string;
  className?: string;
  /** the language of what is typed, when not the console's English (a Hindi text beside the English) */
  lang?: string;
}

export type FieldSpec<V extends FieldValues, O = V> =
  /** `clearable`: an emptied field is sent as null (a part of the record taken away), not left out */
  | (Common<V> & { kind: 'text' | 'date' | 'time' | 'checkbox'; optional?: boolean; clearable?: boolean })
  | (Common<V> & { kind: 'textarea'; rows: number })
  | (Common<V> & { kind: 'number'; min: number; max?: number; step: number; decimal?: boolean; clearable?: boolean })
  /** `none`: the first option, sent as null ("All tests", or "Choose a category" where one is required) */
  | (Common<V> & { kind: 'select'; none: string; options: readonly { id: number; name: string }[] | undefined })
  | { kind: 'custom'; key: string; render(form: UseFormReturn<V, unknown, O>): ReactNode };

/** the message of a field, or of a list field as a whole */
export function fieldError(form: UseFormReturn<FieldValues, unknown, unknown>, name: string): string | undefined {
  const error = get(form.formState.errors, name) as (FieldError & { root?: FieldError }) | undefined;
  return error?.message ?? error?.root?.message;
}

/** what an input's text becomes in the values the schema checks */
function parse(spec: FieldSpec<FieldValues>): RegisterOptions {
  switch (spec.kind) {
    case 'number':
      return { setValueAs: (v: unknown) => (v === '' || v === undefined || v === null ? (spec.clearable ? null : undefined) : Number(v)) };
    case 'select':
      return { setValueAs: (v: unknown) => (v === '' || v === null ? null : Number(v)) };
    case 'text':
    case 'date':
    case 'time':
      if (spec.clearable) return { setValueAs: (v: unknown) => (v === '' || v === undefined ? null : v) };
      return spec.optional ? { setValueAs: (v: unknown) => (v === '' ? undefined : v) } : {};
    default:
      return {};
  }
}

function Field<V extends FieldValues, O>({ spec, form }: { spec: FieldSpec<V, O>; form: UseFormReturn<V, unknown, O> }) {
  if (spec.kind === 'custom') return <>{spec.render(form)}</>;
  const anyForm = form as unknown as UseFormReturn<FieldValues, unknown, unknown>;
  const common = { label: spec.label, hint: spec.hint, className: spec.className, lang: spec.lang, error: fieldError(anyForm, spec.name), ...form.register(spec.name, parse(spec as FieldSpec<FieldValues>) as RegisterOptions<V, Path<V>>) };
  switch (spec.kind) {
    case 'checkbox':
      return <CheckboxInput {...common} />;
    case 'textarea':
      return <TextArea rows={spec.rows} {...common} />;
    case 'number':
      return <TextInput type="number" inputMode={spec.decimal ? 'decimal' : 'numeric'} min={spec.min} max={spec.max} step={spec.step} {...common} />;
    case 'select':
      return (
        <SelectInput {...common}>
          <option value="">{spec.none}</option>
          {spec.options?.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </SelectInput>
      );
    default:
      return <TextInput type={spec.kind} {...common} />;
  }
}

/** the panel with the form, and under it the result line of the last save or list change */
export function EditorForm<V extends FieldValues, O>({
  title,
  editor,
  fields,
  grid,
  span,
  submitLabel,
}: {
  /** [adding, editing] */
  title: readonly [string, string];
  editor: StaffEditor<V, O>;
  fields: readonly FieldSpec<V, O>[];
  /** the form's grid columns */
  grid: string;
  /** column span of the full-width rows (the form's message and the buttons) */
  span: string;
  /** [adding, editing] */
  submitLabel: readonly [string, string];
}) {
  const editing = editor.editingId !== undefined ? 1 : 0;
  const formMessage = editor.form.formState.errors.root?.server?.message;
  return (
    <>
      <Panel title={title[editing]}>
        <form ref={editor.formRef} onSubmit={(e) => void editor.onSubmit(e)} noValidate className={`grid gap-3 ${grid}`}>
          {formMessage && <StatusMessage tone="error" message={formMessage} className={span} />}
          {fields.map((spec) => (
            <Field key={spec.kind === 'custom' ? spec.key : spec.name} spec={spec} form={editor.form} />
          ))}
          <FormButtons className={span} editing={editing === 1} pending={editor.pending} submitLabel={submitLabel} onCancel={editor.reset} />
        </form>
      </Panel>
      <OutcomeMessage done={editor.done} />
    </>
  );
}

/** a create-or-edit form's submit button ([adding, editing] label), and "Cancel editing" while editing */
export function FormButtons({ className, editing, pending, submitLabel, onCancel }: { className: string; editing: boolean; pending: boolean; submitLabel: readonly [string, string]; onCancel(): void }) {
  return (
    <div className={`flex gap-2 ${className}`}>
      <button type="submit" className={btn.primary} disabled={pending}>
        {submitLabel[editing ? 1 : 0]}
      </button>
      {editing ? (
        <button type="button" className={btn.secondary} onClick={onCancel}>
          Cancel editing
        </button>
      ) : null}
    </div>
  );
}

function OutcomeMessage({ done }: { done: Outcome | null }) {
  return <StatusMessage message={done?.message} tone={done?.tone ?? 'success'} className="mb-3" />;
}
