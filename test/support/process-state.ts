import fs from 'node:fs';

/** The state letter of a Linux process (Z: a zombie, dead but not yet reaped by its parent). */
export function processState(pid: number): string {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
}
