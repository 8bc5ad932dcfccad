/** docs/SPEC.md §4 log status colours: success green, failure red, partial yellow, other grey. */
export function logStatusColor(status: string): string {
  if (status === 'success') return 'green';
  if (status === 'failed') return 'red';
  if (status === 'partial') return 'yellow';
  return 'gray';
}
