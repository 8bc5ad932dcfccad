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
 * The app's one query client; a mutation that declares `meta.confirmation` is confirmed through
 * `confirm`, which main.tsx makes the toast (web/api knows nothing of web/ui).
 */
export function createQueryClient(confirm: (message: string, tone: 'success') => void) {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
    mutationCache: new MutationCache({
      onSuccess: (_data, variables, _context, mutation) => {
        const confirmation = mutation.meta?.confirmation as ((input: unknown) => string) | undefined;
        if (confirmation) confirm(confirmation(variables), 'success');
      },
    }),
  });
}
