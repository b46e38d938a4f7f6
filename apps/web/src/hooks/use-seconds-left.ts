import { useEffect, useState } from 'react';

/** Whole seconds from `nowMs` until `untilMs`, rounded up; 0 once it has passed. */
export function secondsLeft(untilMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((untilMs - nowMs) / 1000));
}

/** The seconds left until `untilMs`, counted down once a second (a cooldown shown to the user). */
export function useSecondsLeft(untilMs: number): number {
  const [left, setLeft] = useState(() => secondsLeft(untilMs, Date.now()));
  useEffect(() => {
    setLeft(secondsLeft(untilMs, Date.now()));
    const timer = setInterval(() => {
      const next = secondsLeft(untilMs, Date.now());
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [untilMs]);
  return left;
}
