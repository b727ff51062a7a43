// The console's list tables: a caption for screen readers, one header row, and the actions cell of a
// row (most rows: "Edit" plus a button that switches the record on or off).
import type { ReactNode } from 'react';
import { btn, tableClass, tdClass, thClass } from './ui.tsx';

/** `columnClass`: a header's own classes by its name (a column only on screen: `print:hidden`) */
export function DataTable({ caption, columns, children, columnClass = {} }: { caption: string; columns: readonly string[]; children: ReactNode; columnClass?: Readonly<Record<string, string>> }) {
  return (
    <table className={tableClass}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c} scope="col" className={columnClass[c] ? `${thClass} ${columnClass[c]}` : thClass}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

export function ActionsCell({ children }: { children: ReactNode }) {
  return (
    <td className={tdClass}>
      <div className="flex flex-wrap gap-2">{children}</div>
    </td>
  );
}

/** "Edit" and an on/off switch; the switch looks dangerous while the record is on */
export function EditAndToggle({ onEdit, on, onToggle, disabled, turnOff, turnOn }: { onEdit(): void; on: boolean; onToggle(): void; disabled: boolean; turnOff: string; turnOn: string }) {
  return (
    <ActionsCell>
      <button type="button" className={btn.secondary} onClick={onEdit}>
        Edit
      </button>
      <button type="button" className={on ? btn.danger : btn.secondary} disabled={disabled} onClick={onToggle}>
        {on ? turnOff : turnOn}
      </button>
    </ActionsCell>
  );
}
