/**
 * Theme handling (spec 1 §4): the document starts dark; after load the signed-in profile's theme
 * applies ('system' follows the operating-system preference and its changes), otherwise dark.
 */
import { DEFAULT_THEME, type Theme, themes } from "~/domain/theme";

export { DEFAULT_THEME };
export type ThemePreference = Theme;
export type ResolvedTheme = Exclude<Theme, "system">;

const DARK_QUERY = "(prefers-color-scheme: dark)";

export function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === "string" && (themes as readonly string[]).includes(value);
}

export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === "system") return systemPrefersDark ? "dark" : "light";
  return preference;
}

function systemPrefersDark(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia(DARK_QUERY).matches
    : true;
}

/** The browser's (and the installed app's) title bar follows the theme: each theme's background. */
const THEME_COLORS: Record<ResolvedTheme, string> = { dark: "#151428", light: "#fbf9f4" };

function setDocumentTheme(theme: ResolvedTheme): void {
  const root = document.documentElement;
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", THEME_COLORS[theme]);
  root.classList.toggle("dark", theme === "dark");
  root.classList.toggle("light", theme === "light");
  root.style.colorScheme = theme;
  root.dataset.theme = theme;
}

let currentPreference: ThemePreference = DEFAULT_THEME;
let stopFollowingSystem: (() => void) | null = null;
const preferenceListeners = new Set<() => void>();

/** Subscribe to changes of the theme preference (light, dark or system), e.g. for the theme switch. */
export function subscribeToThemePreference(onChange: () => void): () => void {
  preferenceListeners.add(onChange);
  return () => {
    preferenceListeners.delete(onChange);
  };
}

/** Apply a theme preference to <html>. 'system' keeps following the OS setting until changed. */
export function applyTheme(preference: ThemePreference): void {
  const changed = preference !== currentPreference;
  currentPreference = preference;
  stopFollowingSystem?.();
  stopFollowingSystem = null;
  if (changed) for (const listener of preferenceListeners) listener();

  if (typeof document === "undefined") return;
  setDocumentTheme(resolveTheme(preference, systemPrefersDark()));

  if (preference === "system" && typeof window.matchMedia === "function") {
    const media = window.matchMedia(DARK_QUERY);
    const onChange = (event: MediaQueryListEvent) => setDocumentTheme(event.matches ? "dark" : "light");
    media.addEventListener("change", onChange);
    stopFollowingSystem = () => media.removeEventListener("change", onChange);
  }
}

export function getThemePreference(): ThemePreference {
  return currentPreference;
}

/** The theme currently on <html> (read from its class). */
export function getResolvedTheme(): ResolvedTheme {
  if (typeof document === "undefined") return "dark";
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

/** Subscribe to changes of the <html> theme class (for components like the toaster). */
export function subscribeToResolvedTheme(onChange: () => void): () => void {
  if (typeof MutationObserver === "undefined" || typeof document === "undefined") return () => {};
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
  return () => observer.disconnect();
}
