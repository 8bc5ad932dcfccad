/**
 * Reads until `done` holds or `withinMs` has passed, then answers the last read for the test to
 * judge. It pauses between reads: the embedded database answers within the same turn of the event
 * loop, so a tight loop of reads would starve the timers it waits for.
 */
export async function readUntil<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  withinMs: number,
  everyMs = 20,
): Promise<T> {
  const deadline = Date.now() + withinMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    value = await read();
  }
  return value;
}
