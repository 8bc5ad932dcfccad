import { MutationCache, QueryClient } from '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The toast that says what a successful change did, from the change's input. */
      confirmation?: (variables: never) => string;
    };
  }
}

/**
 * The app's one query client; a mutation that declares `meta.confirmation` is confirmed by
 * `confirm` (the app shows it as a toast).
 */
export function createQueryClient(confirm: (message: string) => void) {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
    mutationCache: new MutationCache({
      onSuccess: (_data, variables, _context, mutation) => {
        const confirmation = mutation.meta?.confirmation as ((input: unknown) => string) | undefined;
        if (confirmation) confirm(confirmation(variables));
      },
    }),
  });
}
