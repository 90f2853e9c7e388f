import { useSyncExternalStore } from "react";
import { Toaster as SonnerToaster, toast } from "sonner";
import { getResolvedTheme, subscribeToResolvedTheme } from "~/web/lib/theme";

/** Spec 1 §9: one notification visible at a time, auto-closing after 5000 ms. */
export const TOAST_DURATION_MS = 5000;

function useHtmlTheme() {
  return useSyncExternalStore(subscribeToResolvedTheme, getResolvedTheme, () => "dark" as const);
}

export function Toaster() {
  const theme = useHtmlTheme();
  return (
    <SonnerToaster
      theme={theme}
      position="bottom-right"
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      toastOptions={{ style: { fontFamily: "var(--font-sans)" } }}
    />
  );
}

type Notify = (title: string, description?: string) => void;

function show(kind: "success" | "error" | "info"): Notify {
  return (title, description) => {
    // The newest notification replaces whatever is showing, so only one is ever visible.
    toast.dismiss();
    toast[kind](title, description === undefined ? undefined : { description });
  };
}

/** Show a notification: a title and an optional description. `error` uses destructive styling. */
export const notify = {
  success: show("success"),
  error: show("error"),
  info: show("info"),
  dismiss: () => {
    toast.dismiss();
  },
};
