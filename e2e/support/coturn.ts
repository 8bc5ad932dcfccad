import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './gatehouse-server';

const TURNSERVER = process.env.TURNSERVER_PATH ?? '/usr/bin/turnserver';

export interface RunningCoturn {
  /** What the app is given as TURN_URLS and TURN_SECRET. */
  env: { TURN_URLS: string; TURN_SECRET: string };
  /** Everything coturn logged so far (allocations, relayed sessions). */
  log(): string;
  stop(): Promise<void>;
}

/**
 * A real coturn (the Debian package's `turnserver`) on a free port of 127.0.0.1, with the TURN REST
 * shared secret the app signs its short-lived credentials with. Loopback peers are allowed here
 * only: both browsers of a test live on this machine, and a deployment refuses them.
 */
export async function startCoturn(): Promise<RunningCoturn> {
  if (!fs.existsSync(TURNSERVER)) {
    throw new Error(`${TURNSERVER} is missing: apt-get install -y coturn (see .ci/run)`);
  }
  const port = await freePort();
  const secret = crypto.randomBytes(24).toString('hex');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-coturn-'));
  const logFile = path.join(dir, 'turn.log');
  // A relay port range of its own, so two workers' coturns never collide.
  const minPort = 40_000 + (port % 20) * 1000;
  const child: ChildProcess = spawn(
    TURNSERVER,
    [
      '-n',
      `--listening-port=${port}`,
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--min-port=${minPort}`,
      `--max-port=${minPort + 999}`,
      '--use-auth-secret',
      `--static-auth-secret=${secret}`,
      '--realm=gatehouse.test',
      '--allow-loopback-peers',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      '--fingerprint',
      `--pidfile=${path.join(dir, 'turn.pid')}`,
      `--log-file=${logFile}`,
      '--simple-log',
      '--verbose',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const log = () => {
    const file = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
    return `${output}${file}`;
  };
  const deadline = Date.now() + 30_000;
  while (!/listener opened on\s*:?\s*127\.0\.0\.1:\d+|IPv4. UDP listener opened/i.test(log())) {
    if (child.exitCode !== null) throw new Error(`turnserver exited early:\n${log()}`);
    if (Date.now() > deadline) throw new Error(`turnserver did not listen:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    env: { TURN_URLS: `turn:127.0.0.1:${port}?transport=udp`, TURN_SECRET: secret },
    log,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
