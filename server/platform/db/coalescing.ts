interface Options {
  /** Most calls in one statement. */
  maxBatch?: number;
  /** Statements of this kind running at once per database; a call waits only when all are busy. */
  lanes?: number;
}

/**
 * Runs many calls as one statement: a call made while this database is already running the
 * statement (in every lane) waits for one to finish and goes in the next, with every call that
 * arrived meanwhile. A call with a lane free runs at once, so nothing waits when the system is
 * quiet; under load one round trip (and, for writes, one commit) serves a whole batch.
 * docs/decisions/0015.
 *
 * `run` gets the batch's inputs in order and answers one result per input, in the same order.
 */
export function coalescing<Db extends object, Input, Result>(
  run: (db: Db, inputs: Input[]) => Promise<Result[]>,
  { maxBatch = 200, lanes = 1 }: Options = {},
): (db: Db, input: Input) => Promise<Result> {
  interface Waiting {
    input: Input;
    resolve: (result: Result) => void;
    reject: (error: unknown) => void;
  }
  interface Queue {
    waiting: Waiting[];
    running: number;
  }
  const queues = new WeakMap<Db, Queue>();

  async function drain(db: Db, queue: Queue) {
    while (queue.waiting.length) {
      const batch = queue.waiting.splice(0, maxBatch);
      try {
        const results = await run(
          db,
          batch.map((call) => call.input),
        );
        for (const [i, call] of batch.entries()) call.resolve(results[i]);
      } catch (error) {
        for (const call of batch) call.reject(error);
      }
    }
    queue.running--;
  }

  return (db, input) => {
    let queue = queues.get(db);
    if (!queue) {
      queue = { waiting: [], running: 0 };
      queues.set(db, queue);
    }
    const result = new Promise<Result>((resolve, reject) => queue.waiting.push({ input, resolve, reject }));
    if (queue.running < lanes) {
      queue.running++;
      // After this turn of the event loop, so the calls it makes join the batch (an embedded
      // database answers within the turn, and would otherwise run every call alone).
      setImmediate(() => void drain(db, queue));
    }
    return result;
  };
}
