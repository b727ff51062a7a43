// The centre's logo: a flask mark with the name beside it. Inline SVG, so it paints with the HTML.

export function LogoMark({ className = 'h-9 w-9' }: { className?: string }) {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <rect width="32" height="32" rx="7" fill="#0f766e" />
      <path d="M12 6h8v2h-2v7l6 10a2 2 0 0 1-1.7 3H9.7A2 2 0 0 1 8 25l6-10V8h-2z" fill="#fff" />
      <path d="M10.6 22h10.8l1.5 2.5a.8.8 0 0 1-.7 1.2H9.8a.8.8 0 0 1-.7-1.2z" fill="#5eead4" />
    </svg>
  );
}

/** mark and name; `size` "lg" for the home page's hero */
export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const large = size === 'lg';
  return (
    <span className="inline-flex items-center gap-2">
      <LogoMark className={large ? 'h-16 w-16' : 'h-9 w-9'} />
      <span className={`flex flex-col leading-tight ${large ? 'text-2xl' : 'text-base'}`}>
        <span className="font-extrabold tracking-tight text-brand-900">Lab Centre</span>{' '}
        <span className={`font-semibold uppercase tracking-widest text-brand-700 ${large ? 'text-sm' : 'text-[0.65rem]'}`}>
          Diagnostics
        </span>
      </span>
    </span>
  );
}
