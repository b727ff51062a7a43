// What every console screen's route module exports besides its screen: the page title, and an error
// boundary that keeps the console (its tabs, the sign-out) around a screen that failed to load or
// render, so staff can move on to another screen.
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { btn } from './ui.tsx';

/** the title of a console screen; the console itself without a screen name */
export function staffMeta(screen?: string) {
  const title = screen ? `${screen} | Staff console | Lab Centre Diagnostics` : 'Staff console | Lab Centre Diagnostics';
  return [{ title }, { name: 'robots', content: 'noindex' }];
}

/** the reason of a failed screen, for the message: "404 Not Found", an error's message, or nothing */
export function errorDetail(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  return error instanceof Error ? error.message : '';
}

export function ScreenError() {
  const detail = errorDetail(useRouteError());
  return (
    <div role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-red-800">
      <p className="font-medium">This screen could not be shown.{detail ? ` (${detail})` : ''}</p>
      <button type="button" className={`${btn.secondary} mt-2`} onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}
