// The dashboard's status toast: results of View Bill, Cancel and Reschedule (docs/product.md#messages). Successes are
// announced politely, failures as alerts; both regions stay in the document so they are announced.
export interface ActionMessageValue {
  text: string;
  tone: 'success' | 'error';
}

export function ActionMessage({ message }: { message: ActionMessageValue | null }) {
  const box = 'pointer-events-auto rounded-md border-l-4 px-4 py-3 text-sm font-medium shadow-lg';
  return (
    <div className="pointer-events-none fixed inset-x-4 bottom-4 z-40 flex flex-col items-end gap-2 sm:left-auto print:hidden">
      <div role="status" aria-live="polite">
        {message?.tone === 'success' ? <p className={`${box} border-green-700 bg-green-50 text-green-800`}>{message.text}</p> : null}
      </div>
      <div role="alert">
        {message?.tone === 'error' ? <p className={`${box} border-red-700 bg-red-50 text-red-800`}>{message.text}</p> : null}
      </div>
    </div>
  );
}
