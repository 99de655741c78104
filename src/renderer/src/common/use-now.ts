import { useEffect, useReducer } from 'react';

/** The clock at this render; while `ticking`, the component renders again every `ms` (uptimes, due dates). */
export function useNow(ms: number, ticking: boolean): number {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(tick, ms);
    return () => clearInterval(timer);
  }, [ms, ticking]);
  return Date.now();
}
