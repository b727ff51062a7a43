// The frame every account screen shares: a centred card with the screen's heading.
import type { ReactNode } from 'react';

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="mb-6 text-center text-2xl font-bold text-brand-900">{title}</h1>
        {children}
      </div>
    </section>
  );
}
