/** A clock tests move by hand instead of sleeping. */
export class TestClock {
  private current: number;

  constructor(start: Date | string = new Date()) {
    this.current = new Date(start).getTime();
  }

  now = (): Date => new Date(this.current);

  set(to: Date | string) {
    this.current = new Date(to).getTime();
  }

  advance(ms: number) {
    this.current += ms;
  }
}
