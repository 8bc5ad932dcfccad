import { describe, expect, it } from 'vitest';
import { coalescing } from './coalescing';

/** A fake statement that records each batch and answers when released. */
function recorder() {
  const batches: number[][] = [];
  const releases: (() => void)[] = [];
  const run = async (_db: object, inputs: number[]) => {
    batches.push(inputs);
    await new Promise<void>((release) => releases.push(release));
    if (inputs.includes(-1)) throw new Error('statement failed');
    return inputs.map((n) => n * 10);
  };
  return { batches, releases, run };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('coalescing', () => {
  it('runs the calls of one turn together, and those made while it runs in the next batch, each with its own answer', async () => {
    const { batches, releases, run } = recorder();
    const call = coalescing(run);
    const db = {};
    const first = [1, 2].map((n) => call(db, n));
    await tick();
    expect(batches).toEqual([[1, 2]]);
    const rest = [3, 4, 5].map((n) => call(db, n));
    await tick();
    expect(batches).toEqual([[1, 2]]);
    releases.shift()?.();
    await tick();
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ]);
    releases.shift()?.();
    expect(await Promise.all(first)).toEqual([10, 20]);
    expect(await Promise.all(rest)).toEqual([30, 40, 50]);
  });

  it('keeps up to `lanes` statements running, and databases apart', async () => {
    const { batches, releases, run } = recorder();
    const call = coalescing(run, { lanes: 2 });
    const [a, b] = [{}, {}];
    const answers = [call(a, 1)];
    await tick();
    answers.push(call(a, 2));
    await tick();
    answers.push(call(a, 3), call(b, 4));
    await tick();
    expect(batches).toEqual([[1], [2], [4]]);
    for (const release of releases.splice(0)) release();
    await tick();
    expect(batches).toEqual([[1], [2], [4], [3]]);
    for (const release of releases.splice(0)) release();
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40]);
  });

  it('fails every call of a failed batch, and the next batch runs', async () => {
    const { releases, run } = recorder();
    const call = coalescing(run);
    const db = {};
    const failing = [call(db, -1), call(db, 2)];
    await tick();
    releases.shift()?.();
    await expect(failing[0]).rejects.toThrow('statement failed');
    await expect(failing[1]).rejects.toThrow('statement failed');
    const later = call(db, 5);
    await tick();
    releases.shift()?.();
    expect(await later).toBe(50);
  });
});
