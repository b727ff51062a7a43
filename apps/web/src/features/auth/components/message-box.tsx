// The red error box of the account screens (docs/product.md#messages: login and registration errors show in a red
// box). role="alert" so a screen reader announces the refusal at once.
import type { ReactNode } from 'react';

export function ErrorBox({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="mb-4 rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      {children}
    </div>
  );
}
