import { type RefObject, useEffect, useState } from "react";

/** Spec 3 §4, §9: the numbers start once 10 % of them is visible and run for 2 seconds with easing. */
export const COUNT_UP_DURATION_MS = 2000;
export const COUNT_UP_THRESHOLD = 0.1;

/** Fast at first, gently settling on the final value. */
export const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

/**
 * Eased progress from 0 to 1 that starts the first time `ref`'s element is at least 10 % visible.
 * With reduced motion (or no IntersectionObserver) it is 1 from the start: the final values, no animation.
 */
export function useCountUp(
  ref: RefObject<Element | null>,
  { durationMs = COUNT_UP_DURATION_MS, threshold = COUNT_UP_THRESHOLD } = {},
): number {
  // Decided once: animate only when the browser can observe visibility and motion is welcome.
  const [animates] = useState(() => typeof IntersectionObserver !== "undefined" && !prefersReducedMotion());
  const [progress, setProgress] = useState(animates ? 0 : 1);

  useEffect(() => {
    const element = ref.current;
    if (!element || !animates) return;
    let frame = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        const start = performance.now();
        const tick = (now: number) => {
          const t = Math.min(1, (now - start) / durationMs);
          setProgress(easeOutCubic(t));
          if (t < 1) frame = requestAnimationFrame(tick);
        };
        frame = requestAnimationFrame(tick);
      },
      { threshold },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [ref, animates, durationMs, threshold]);

  return progress;
}
