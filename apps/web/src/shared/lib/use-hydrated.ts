// false while a prerendered page is not yet hydrated (and during prerendering), true after. A form
// whose submit is handled by script disables its button until then, so an early click cannot send the
// form natively (which would put the person's details in the URL).
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
