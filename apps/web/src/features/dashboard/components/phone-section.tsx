// A part of the dashboard that folds on a phone: a closed <details> whose one line names it, so the
// closed sections stack into a short menu below the appointments and the page stays a few screens long.
// On wider screens the part is shown as it is.
import type { ReactNode } from 'react';

export function PhoneSection({ phone, title, children }: { phone: boolean; title: string; children: ReactNode }) {
  if (!phone) return <>{children}</>;
  return (
    <details className="group mt-3 rounded-lg border border-slate-200 bg-white">
      <summary className="flex min-h-12 cursor-pointer items-center justify-between px-4 py-3 text-base font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700">
        {title}
        <span aria-hidden="true" className="text-slate-500 group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="px-2 pb-3 [&>*:first-child]:mt-0 [&>section]:mt-3">{children}</div>
    </details>
  );
}
