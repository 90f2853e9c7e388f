import { useEffect } from "react";
import { useSession } from "~/web/lib/session";
import { applyTheme, DEFAULT_THEME, isThemePreference, type ThemePreference } from "~/web/lib/theme";
import { hasChosenTheme } from "./preferences";

/**
 * Spec 1 §4: once the session has loaded, the profile's stored theme applies; without one
 * (or when signed out) the theme is dark — unless a signed-out visitor already picked one.
 */
export function useApplyProfileTheme(): void {
  const { session } = useSession();
  const stored = session?.profile?.theme;
  const theme: ThemePreference | undefined =
    session === undefined ? undefined : isThemePreference(stored) ? stored : DEFAULT_THEME;

  const isSignedIn = Boolean(session?.user);
  useEffect(() => {
    if (!theme) return;
    if (!isSignedIn && hasChosenTheme()) return;
    applyTheme(theme);
  }, [theme, isSignedIn]);
}
