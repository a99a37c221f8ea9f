/** Long-press detection for touch: 750 ms without moving more than 10 px. */
export const LONG_PRESS_MS = 750;
export const LONG_PRESS_TOLERANCE_PX = 10;

export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  // The handle is the one set() returned.
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface LongPressOptions {
  onLongPress(point: { x: number; y: number }): void;
  delay?: number;
  tolerance?: number;
  timers?: Timers;
}

export class LongPressDetector {
  private handle: unknown = null;
  private origin: { x: number; y: number } | null = null;
  /** True once the long press fired for the current touch (the following click is then ignored). */
  fired = false;

  constructor(private readonly options: LongPressOptions) {}

  start(x: number, y: number): void {
    this.cancel();
    this.fired = false;
    this.origin = { x, y };
    const timers = this.options.timers ?? realTimers;
    this.handle = timers.set(() => {
      this.handle = null;
      const at = this.origin;
      this.origin = null;
      if (at) {
        this.fired = true;
        this.options.onLongPress(at);
      }
    }, this.options.delay ?? LONG_PRESS_MS);
  }

  move(x: number, y: number): void {
    if (!this.origin) return;
    const tolerance = this.options.tolerance ?? LONG_PRESS_TOLERANCE_PX;
    if (Math.hypot(x - this.origin.x, y - this.origin.y) > tolerance) this.cancel();
  }

  end(): void {
    this.cancel();
  }

  cancel(): void {
    if (this.handle !== null) (this.options.timers ?? realTimers).clear(this.handle);
    this.handle = null;
    this.origin = null;
  }

  get pending(): boolean {
    return this.handle !== null;
  }
}
