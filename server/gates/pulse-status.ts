import type { RelayOperation } from '../platform/db/schema';

/** success when every operation succeeded, failed when none did (or there were none), else partial. */
export function statusOf(operations: RelayOperation[]): 'success' | 'failed' | 'partial' {
  const succeeded = operations.filter((operation) => operation.success).length;
  if (operations.length > 0 && succeeded === operations.length) return 'success';
  return succeeded === 0 ? 'failed' : 'partial';
}
