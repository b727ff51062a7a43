// The result line of a manager screen and the two ways it is filled: saving the editor's form (on
// success the form is cleared, on refusal its messages go next to the fields) and a one-click change
// from the list (activate, close, publish...), whose failure is said in the result line itself.
import { useCallback, useState } from 'react';
import type { StatusTone } from '../../../shared/ui/status-message.tsx';

export interface Outcome {
  message: string;
  tone: StatusTone;
}

interface EditorLike {
  reset(): void;
  fail(e: unknown): void;
}

export function useSaveActions(editor: EditorLike) {
  const [done, setDone] = useState<Outcome | null>(null);
  const { reset, fail } = editor;

  /** saves the form: `success` words the saved record, then the form starts afresh */
  const submit = useCallback(
    async <T>(run: () => Promise<T>, success: (saved: T) => string) => {
      setDone(null);
      try {
        const saved = await run();
        setDone({ message: success(saved), tone: 'success' });
        reset();
      } catch (err) {
        fail(err);
      }
    },
    [reset, fail],
  );

  /** a change made from a list row; the form is left as it is */
  const change = useCallback(async <T>(run: () => Promise<T>, success: (saved: T) => string, failure: string) => {
    setDone(null);
    try {
      const saved = await run();
      setDone({ message: success(saved), tone: 'success' });
    } catch {
      setDone({ message: failure, tone: 'error' });
    }
  }, []);

  /** switches a named catalogue record on or off from its list row: "Plan “Gold” deactivated." */
  const toggleActive = useCallback(
    <T extends { name: string; active: boolean }>(noun: string, record: T, save: (active: boolean) => Promise<T>) =>
      change(
        () => save(!record.active),
        (saved) => `${noun} “${saved.name}” ${saved.active ? 'activated' : 'deactivated'}.`,
        `Could not change “${record.name}”. Please try again.`,
      ),
    [change],
  );

  return { done, submit, change, toggleActive };
}
