import { lazy, Suspense, useEffect, useState } from "react";

/** Spec 1 §9: one notification visible at a time, auto-closing after 5000 ms. */
export const TOAST_DURATION_MS = 5000;

/*
 * sonner is loaded with the first notification rather than with the page, which keeps it out of
 * the initial JavaScript. `notify` waits until the Toaster has mounted, then shows the toast.
 */
const SonnerHost = lazy(() => import("./sonner-toaster"));

let requestMount: (() => void) | null = null;
let isMountRequested = false;
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
let sonner: Promise<typeof import("sonner")> | null = null;

function loadSonner() {
  if (!sonner) {
    sonner = import("sonner");
    isMountRequested = true;
    requestMount?.();
  }
  return Promise.all([sonner, mounted]).then(([module]) => module);
}

export function Toaster() {
  const [isNeeded, setNeeded] = useState(isMountRequested);
  useEffect(() => {
    requestMount = () => setNeeded(true);
    if (isMountRequested) setNeeded(true);
    return () => {
      requestMount = null;
    };
  }, []);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <SonnerHost onMounted={markMounted} />
    </Suspense>
  );
}

type Notify = (title: string, description?: string) => void;

function show(kind: "success" | "error" | "info"): Notify {
  return (title, description) => {
    void loadSonner().then(({ toast }) => {
      // The newest notification replaces whatever is showing, so only one is ever visible.
      toast.dismiss();
      toast[kind](title, description === undefined ? undefined : { description });
    });
  };
}

/** Show a notification: a title and an optional description. `error` uses destructive styling. */
export const notify = {
  success: show("success"),
  error: show("error"),
  info: show("info"),
  dismiss: () => {
    if (sonner) void sonner.then(({ toast }) => toast.dismiss());
  },
};
