import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from './gatehouse-process';

export interface RunningProxy {
  baseURL: string;
  stop(): Promise<void>;
}

/** HAProxy (Debian's `haproxy`) with the deploy/haproxy.cfg that compose.yaml uses, in front of `upstreams`. */
export async function startHaproxy(upstreams: string[]): Promise<RunningProxy> {
  if (upstreams.length !== 3) throw new Error('deploy/haproxy.cfg balances three Gatehouse processes');
  const port = await freePort();
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', 'deploy/haproxy.cfg'], {
    env: {
      ...process.env,
      GATEHOUSE_BIND: `127.0.0.1:${port}`,
      GATEHOUSE_1: upstreams[0],
      GATEHOUSE_2: upstreams[1],
      GATEHOUSE_3: upstreams[2],
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited:\n${output}`);
    const ready = await fetch(`${baseURL}/readyz`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`haproxy did not become ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseURL,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
