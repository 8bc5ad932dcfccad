/**
 * A code held in front of the camera is seen on every frame; it is decided once, and again only
 * after it has been out of sight (or not typed) for `quietMs`.
 */
export class CodeDebounce {
  private readonly lastSeen = new Map<string, number>();

  constructor(private readonly quietMs: number) {}

  /** Records a sighting; true when it should be decided. */
  fresh(code: string, now: number): boolean {
    const previous = this.lastSeen.get(code);
    this.lastSeen.set(code, now);
    for (const [seen, at] of this.lastSeen) if (now - at > this.quietMs) this.lastSeen.delete(seen);
    return previous === undefined || now - previous > this.quietMs;
  }

  /** The sighting did not lead to a decision: the next one will. */
  forget(code: string) {
    this.lastSeen.delete(code);
  }
}
