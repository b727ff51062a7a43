// Server state for the signed-in and booking screens: TanStack Query's cache, shared by every screen
// under this layout route. Public pages sit outside it, so their first load carries none of it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';

// One cache for the whole visit: moving between the dashboard, booking and membership keeps it.
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 60_000 } },
});

export default function DataLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
