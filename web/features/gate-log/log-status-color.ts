/** docs/SPEC.md §4 log status colours: success green, failure red, partial yellow, a notice (lockdown) orange, other grey. */
export function logStatusColor(status: string): string {
  if (status === 'success') return 'green';
  if (status === 'failed') return 'red';
  if (status === 'partial') return 'yellow';
  // A lockdown's start or end: not an opening, not a refusal.
  if (status === 'notice') return 'orange';
  return 'gray';
}
