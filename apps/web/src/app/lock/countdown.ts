/**
 * The inactivity countdown of spec §4 (DESIGN.md "Lock timer"): it ticks once per second and
 * reaches zero `seconds` after the last restart. It counts against a deadline on the clock
 * rather than ticks, so a background tab, whose timers the browser slows, still locks on time.
 */
export type Countdown = {
  /** Whole seconds left, never below 0. */
  remaining(): number;
  /** Activity: the full length again, and a new run if it had reached zero. */
  restart(): void;
  /** A new length (the settings changed); the run starts over. */
  setSeconds(seconds: number): void;
  stop(): void;
};

export type CountdownOptions = {
  seconds: number;
  /** Called once when the countdown reaches zero; it stays there until a restart. */
  onZero: () => void;
  /** Called on every tick with the seconds left. */
  onTick?: (remaining: number) => void;
  now?: () => number;
};

export const TICK_MS = 1000;

export function createCountdown({
  seconds,
  onZero,
  onTick,
  now = () => Date.now(),
}: CountdownOptions): Countdown {
  let length = seconds;
  let deadline = now() + length * 1000;
  let timer: ReturnType<typeof setInterval> | undefined;

  const remaining = () => Math.max(0, Math.ceil((deadline - now()) / 1000));

  const tick = () => {
    const left = remaining();
    onTick?.(left);
    if (left === 0) {
      clearInterval(timer);
      timer = undefined;
      onZero();
    }
  };

  const start = () => {
    clearInterval(timer);
    deadline = now() + length * 1000;
    timer = setInterval(tick, TICK_MS);
  };

  start();
  return {
    remaining,
    restart: start,
    setSeconds(next) {
      length = next;
      start();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
