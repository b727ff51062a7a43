// Status lines of the account screens: a red error box (role="alert", announced at once) and a
// green confirmation (role="status").
import type { ReactNode } from 'react';

export function ErrorBox({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
      {children}
    </div>
  );
}

export function SuccessBox({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="mb-4 rounded-md border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900">
      {children}
    </div>
  );
}
