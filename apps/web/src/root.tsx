// The document and the providers around every screen.
import { type ReactNode, useCallback } from 'react';
import { Links, Meta, Outlet, Scripts, useNavigate } from 'react-router';
import { paths } from '@lab/contract';
import { SiteLayout } from './app/layout/site-layout.tsx';
import { AuthProvider } from './shared/auth/auth-context.tsx';
import './app/app.css';

export function meta() {
  return [
    { title: 'Lab Centre Diagnostics | Pathology lab and test booking' },
    {
      name: 'description',
      content:
        'Accurate and timely diagnostic services: hematology, microbiology, serology, biochemistry and radiology. Book a test online with home sample collection.',
    },
  ];
}

export function links() {
  return [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        {children}
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const navigate = useNavigate();
  const onLoggedOut = useCallback(() => navigate(paths.loginAlt), [navigate]);
  return (
    <AuthProvider onLoggedOut={onLoggedOut}>
      <SiteLayout>
        <Outlet />
      </SiteLayout>
    </AuthProvider>
  );
}

export function HydrateFallback() {
  return <p className="p-8 text-center text-slate-600">Loading...</p>;
}
