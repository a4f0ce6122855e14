import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';

// Errors the caller can fix (4xx) are not retried; a lost connection or a 5xx is retried once.
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

// The app's one query client; sign-out clears it.
export const queryClient = createQueryClient();
