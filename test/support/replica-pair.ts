import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
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

// Below the kernel's ephemeral range (32768–60999): a port in that range can be taken at any moment
// by an outgoing connection's local end (a CI run lost its primary's port 55588 that way).
let nextPort = 20_000 + (process.pid % 1_000) * 10;

function isFree(port: number) {
  return new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function takePort() {
  while (!(await isFree(nextPort))) nextPort++;
  return nextPort++;
}

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
  const primaryPort = await takePort();
  const replicaPort = await takePort();
  const start = (dataDir: string, port: number) => {
    try {
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
    } catch (error) {
      const log = fs.existsSync(`${dataDir}.log`) ? fs.readFileSync(`${dataDir}.log`, 'utf8') : '(no log)';
      throw new Error(`PostgreSQL did not start on port ${port}:\n${log.slice(-2_000)}`, { cause: error });
    }
  };
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
