import fs from 'node:fs';

/** Fields of /proc/<pid>/stat after the command name, which is in parentheses and may hold spaces. */
function procStat(pid: number): { state: string; startTicks: string } | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // Field 3 is the state, field 22 the start time in clock ticks since boot (man 5 proc).
  return { state: fields[0], startTicks: fields[19] };
}

const hasProc = () => fs.existsSync('/proc/self/stat');

/** Whether the process can be signalled: the only test where there is no /proc (macOS, Windows). */
function signallable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a pid-only lock (written before locks held a start time) names a Node.js process. */
function runsNode(pid: number): boolean {
  try {
    const executable = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0];
    return /(^|\/)node[^/]*$/.test(executable);
  } catch {
    return false;
  }
}

/**
 * What a lock file holds: our pid and, on Linux, our start time, so the lock names this very
 * process and not whichever process gets the same pid after a crash.
 */
export function lockHolderStamp(): string {
  const start = hasProc() ? procStat(process.pid)?.startTicks : undefined;
  return start ? `${process.pid} ${start}` : String(process.pid);
}

/**
 * Whether the process a lock file names still runs. On Linux: it exists, is not a zombie (killed
 * but not yet reaped by its parent, as right after `kill -9`), and started when the lock says
 * (else its pid was reused). Elsewhere: it can be signalled.
 */
export function lockHolderRuns(stamp: string): { pid: number; runs: boolean } {
  const [pidText, startTicks] = stamp.trim().split(/\s+/);
  const pid = Number.parseInt(pidText, 10);
  if (!Number.isInteger(pid) || pid <= 0) return { pid, runs: false };
  if (!hasProc()) return { pid, runs: signallable(pid) };
  const stat = procStat(pid);
  if (!stat || stat.state === 'Z' || stat.state === 'X') return { pid, runs: false };
  return { pid, runs: startTicks ? stat.startTicks === startTicks : runsNode(pid) };
}
