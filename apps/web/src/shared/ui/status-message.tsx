// A polite live region for the result of an action: green for success, red for an error. It is
// always in the document, so screen readers announce a message as soon as it appears.

export type StatusTone = 'success' | 'error';

export interface StatusMessageProps {
  message: string | null | undefined;
  tone: StatusTone;
  className?: string;
  id?: string;
}

const toneClass: Record<StatusTone, string> = {
  success: 'border-green-700 bg-green-50 text-green-800',
  error: 'border-red-700 bg-red-50 text-red-800',
};

export function StatusMessage({ message, tone, className = '', id }: StatusMessageProps) {
  return (
    <div role="status" aria-live="polite" id={id} className={className}>
      {message ? (
        <p data-tone={tone} className={`rounded-md border-l-4 px-4 py-3 text-sm font-medium ${toneClass[tone]}`}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
