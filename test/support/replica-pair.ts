import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const BIN = (() => {
  const versions = fs.readdirSync('/usr/lib/postgresql').sort();
  return path.join('/usr/lib/postgresql', versions[versions.length - 1], 'bin');
})();

/** Runs a PostgreSQL tool as the postgres user (the server refuses to run as root). */
function asPostgres(tool: string, args: string[]) {
  const command =
    process.getuid?.() === 0
      ? ['runuser', ['-u', 'postgres', '--', path.join(BIN, tool), ...args]]
      : [path.join(BIN, tool), args];
  return execFileSync(command[0] as string, command[1] as string[], { stdio: 'pipe', timeout: 60_000 }).toString();
}

let nextPort = 55_432 + (process.pid % 200) * 2;

/**
 * A primary and its streaming replica of our own, made with PostgreSQL's tools in a temporary
 * directory (initdb, pg_basebackup -R, pg_ctl), on two free ports: the machine's cluster is left
 * as it is (its pg_hba allows no replication).
 */
export async function startReplicaPair() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-replica-'));
  fs.chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', dir]);
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  const primaryPort = nextPort++;
  const replicaPort = nextPort++;
  const start = (dataDir: string, port: number) =>
    asPostgres('pg_ctl', [
      '-D',
      dataDir,
      '-w',
      '-l',
      `${dataDir}.log`,
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  asPostgres('initdb', ['-D', primaryDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  start(primaryDir, primaryPort);
  asPostgres('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    replicaDir,
    '-R',
    '-X',
    'stream',
  ]);
  start(replicaDir, replicaPort);
  const url = (port: number) => `postgres://postgres@127.0.0.1:${port}/postgres`;
  const stop = (dataDir: string) => {
    try {
      asPostgres('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already stopped
    }
  };
  return {
    primaryUrl: url(primaryPort),
    replicaUrl: url(replicaPort),
    stopReplica: () => stop(replicaDir),
    startReplica: () => start(replicaDir, replicaPort),
    close: () => {
      stop(replicaDir);
      stop(primaryDir);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
