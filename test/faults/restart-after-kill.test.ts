import { afterAll, describe, expect, it } from 'vitest';
import { type GatehouseProcess, NEVER_REAPED, spawnGatehouse } from '../support/gatehouse-process';
import { processState } from '../support/process-state';

// A gap once found: a restart right after `kill -9` was refused with "Another Gatehouse process (pid …)"
// until the killed process was reaped. The embedded database's lock must see a zombie as dead.
const started: GatehouseProcess[] = [];
afterAll(async () => {
  for (const process of started) await process.stop('SIGKILL');
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(check()).toBe(true);
};

describe.runIf(process.platform === 'linux')('a restart right after kill -9 on the embedded database', () => {
  it('starts and is ready while the killed process is still a zombie', async () => {
    const killed = await spawnGatehouse({ launcher: NEVER_REAPED });
    started.push(killed);
    const pid = Number(/gatehouse pid (\d+)/.exec(killed.output())?.[1]);
    process.kill(pid, 'SIGKILL');
    await until(() => processState(pid) === 'Z');

    const restarted = await spawnGatehouse({ dataDir: killed.dataDir });
    started.push(restarted);
    expect(restarted.output()).not.toContain('Another Gatehouse process');
    expect((await fetch(`${restarted.baseURL}/readyz`)).status).toBe(200);
    expect(processState(pid)).toBe('Z');
  });
});
