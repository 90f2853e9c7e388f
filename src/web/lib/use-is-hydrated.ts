import { useSyncExternalStore } from "react";

const subscribeToNothing = () => () => {};

/**
 * False while React hydrates prerendered markup (and in the prerender itself), true otherwise: a
 * component that shows data renders exactly what was prerendered until hydration is over, whatever
 * has arrived in the cache meanwhile, and re-renders with the data right after (decision 012).
 */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
