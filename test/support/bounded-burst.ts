/**
 * Runs every task with at most `inFlight` running at once, answers in the tasks' order. A burst far
 * wider than the pools it meets tests the pools' wait (a 503 after the 3 s connect wait on a busy
 * machine), not the limit it aims at; a burst of a pool's width still races every counter.
 */
export async function boundedBurst<T>(tasks: (() => Promise<T>)[], inFlight: number): Promise<T[]> {
  const answers: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      answers[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, tasks.length) }, worker));
  return answers;
}
