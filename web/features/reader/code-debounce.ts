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

  /**
   * A camera frame's codes; returns those to decide. A code leaves the view only through frames
   * read without it for the quiet time: a camera that stalls (a slow tablet, a busy decoder) reads
   * no frame at all, and the pass still in front of it is not decided again.
   */
  framed(codes: string[], now: number): string[] {
    const fresh = codes.filter((code) => !this.lastSeen.has(code));
    for (const code of codes) this.lastSeen.set(code, now);
    for (const [seen, at] of this.lastSeen)
      if (!codes.includes(seen) && now - at > this.quietMs) this.lastSeen.delete(seen);
    return fresh;
  }

  /** The sighting did not lead to a decision: the next one will. */
  forget(code: string) {
    this.lastSeen.delete(code);
  }
}
