import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processState } from '../../../test/support/process-state';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';

const HOLDER = ['--import', 'tsx', 'test/support/hold-data-dir-lock.ts'];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
});

const scratchDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-lock-'));
const lockFileOf = (dataDir: string) => path.join(dataDir, 'gatehouse.lock');

/** Starts `command` and resolves with the first line it prints. */
function started(command: string, args: string[]): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout?.once('data', (chunk) => resolve({ child, line: String(chunk).trim() }));
    child.once('exit', (code) => reject(new Error(`${command} exited with ${code} before printing`)));
  });
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(check()).toBe(true);
};

describe.runIf(process.platform === 'linux')('the data dir lock', () => {
  it('refuses while another Gatehouse process holds it, and is taken once that process is killed', async () => {
    const dataDir = scratchDir();
    const { child } = await started(process.execPath, [...HOLDER, dataDir]);
    expect(() => acquireDataDirLock(dataDir)).toThrow(
      new DataDirLockedError(
        `Another Gatehouse process (pid ${child.pid}) is already using the embedded database in ${dataDir}. ` +
          'Stop that process, or start this one with a different DATA_DIR (or DATABASE_URL).',
      ),
    );
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const release = acquireDataDirLock(dataDir);
    expect(fs.readFileSync(lockFileOf(dataDir), 'utf8')).toMatch(new RegExp(`^${process.pid}\\b`));
    release();
  });

  it('is taken from a Gatehouse process killed with kill -9 that its parent has not reaped yet', async () => {
    const dataDir = scratchDir();
    // The holder's parent is a shell turned into `sleep`, which never reaps it: it stays a zombie.
    const holder = `${[process.execPath, ...HOLDER, dataDir].join(' ')} & echo $!; exec sleep 60`;
    const { line } = await started('sh', ['-c', holder]);
    const pid = Number(line);
    await until(() => fs.existsSync(lockFileOf(dataDir)));
    process.kill(pid, 'SIGKILL');
    await until(() => processState(pid) === 'Z');
    const release = acquireDataDirLock(dataDir);
    release();
  });

  it('is taken when it names a live process that is not the Gatehouse process that wrote it', async () => {
    const { child } = await started('sh', ['-c', 'echo started; exec sleep 60']);
    for (const content of [String(child.pid), `${child.pid} 1`]) {
      const dataDir = scratchDir();
      fs.writeFileSync(lockFileOf(dataDir), content);
      const release = acquireDataDirLock(dataDir);
      expect(fs.readFileSync(lockFileOf(dataDir), 'utf8')).toMatch(new RegExp(`^${process.pid}\\b`));
      release();
    }
  });
});
