import { useEffect, useSyncExternalStore } from "react";
import { Toaster as SonnerToaster } from "sonner";
import { getResolvedTheme, subscribeToResolvedTheme } from "~/web/lib/theme";
import { TOAST_DURATION_MS } from "./toaster";

function useHtmlTheme() {
  return useSyncExternalStore(subscribeToResolvedTheme, getResolvedTheme, () => "dark" as const);
}

/** sonner's Toaster, loaded with the first notification (see toaster.tsx). */
export default function SonnerHost({ onMounted }: { onMounted: () => void }) {
  const theme = useHtmlTheme();
  useEffect(onMounted, [onMounted]);
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
