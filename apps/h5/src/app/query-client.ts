import { QueryClient } from "@tanstack/react-query";

/** The app's React Query client (main.tsx; the tests' renderApp makes theirs here too). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The client already toasts failures and refreshes sessions: React Query must not retry them.
      // Offline, a call fails at once (its screen says so with a retry, components/RetryState)
      // instead of waiting paused behind a skeleton; back online, failed lists load again.
      queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false, networkMode: "always" },
      mutations: { retry: false, networkMode: "always" },
    },
  });
}
