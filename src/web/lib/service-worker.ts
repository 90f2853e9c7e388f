/**
 * Registers /sw.js (decision 036) in production builds only, after the page's load event so it never
 * competes with the first load; `vite dev` has no worker (stale caches would fight HMR).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {
      // Installability is a bonus: the app works the same without a worker.
    });
  };
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
}
