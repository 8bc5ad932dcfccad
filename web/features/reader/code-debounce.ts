/**
 * A code held in front of the camera is seen on every frame; it is decided once, and again only
 * after it has been out of sight (or not typed) for `quietMs`. Codes typed (a keyboard wedge, a
 * card reader) and codes in the camera's view are kept apart: each leaves by its own rule.
 */
export class CodeDebounce {
  private readonly typed = new Map<string, number>();
  private readonly inView = new Map<string, number>();

  constructor(private readonly quietMs: number) {}

  /** Records a code typed; true when it should be decided. */
  fresh(code: string, now: number): boolean {
    const previous = this.typed.get(code);
    this.typed.set(code, now);
    for (const [seen, at] of this.typed) if (now - at > this.quietMs) this.typed.delete(seen);
    return previous === undefined || now - previous > this.quietMs;
  }

  /**
   * A camera frame's codes; returns those to decide. A code leaves the view only through frames
   * read without it for the quiet time: a camera that stalls (a slow tablet, a busy decoder) reads
   * no frame at all, and the pass still in front of it is not decided again.
   */
  framed(codes: string[], now: number): string[] {
    const fresh = codes.filter((code) => !this.inView.has(code));
    for (const code of codes) this.inView.set(code, now);
    for (const [seen, at] of this.inView)
      if (!codes.includes(seen) && now - at > this.quietMs) this.inView.delete(seen);
    return fresh;
  }

  /** The sighting did not lead to a decision: the next one will. */
  forget(code: string) {
    this.typed.delete(code);
    this.inView.delete(code);
  }
}
