// CPU readings from /proc (Linux) for the benchmarks: a process, every PostgreSQL process, and
// the machine's ticks with those its hypervisor took.
import fs from 'node:fs';

/**
 * CPU seconds a process has used so far (user + system), with `withChildren` also those of its
 * children that ended, or null where /proc is not there.
 */
export function cpuSeconds(pid: number | undefined, withChildren = false): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ').map(Number);
    return (fields[11] + fields[12] + (withChildren ? fields[13] + fields[14] : 0)) / 100;
  } catch {
    return null;
  }
}

/**
 * CPU seconds used so far by every PostgreSQL process on this machine, ended connections included
 * (they count for the postmaster, their parent), or 0 where /proc is not there.
 */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const pid of fs.existsSync('/proc') ? fs.readdirSync('/proc') : []) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!fs.readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) continue;
      total += cpuSeconds(Number(pid), true) ?? 0;
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

/** The machine's CPU ticks so far, and those stolen by its hypervisor (/proc/stat). */
export function machineTicks(): { all: number; stolen: number } | null {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { all: fields.reduce((a, b) => a + b, 0), stolen: fields[7] ?? 0 };
  } catch {
    return null;
  }
}
