import { useEffect } from "react";
import { skipBack, skipForward, togglePlay } from "~/web/lib/player/engine";
import { usePlayer } from "~/web/lib/player/store";

/** Where typing or a widget's own keys must win: shortcuts do nothing there. */
const TYPING_OR_WIDGET = [
  "input",
  "textarea",
  "select",
  "[contenteditable]:not([contenteditable='false'])",
  "[role='textbox']",
  "[role='searchbox']",
  "[role='combobox']",
  "[role='slider']",
  "[role='spinbutton']",
  "[role='listbox']",
  "[role='option']",
  "[role='menu']",
  "[role='menuitem']",
  "[role='menuitemradio']",
  "[role='menuitemcheckbox']",
  "[role='radio']",
  "[role='radiogroup']",
  "[role='tab']",
  "[role='tablist']",
  "[role='grid']",
  "[role='tree']",
].join(",");

/** Space activates these itself. */
const SPACE_ACTIVATES =
  "button, a[href], summary, [role='button'], [role='link'], [role='checkbox'], [role='switch']";

export function isShortcutIgnored(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest(TYPING_OR_WIDGET)) return true;
  return key === " " && Boolean(target.closest(SPACE_ACTIVATES));
}

/**
 * Space plays or pauses, ← skips back 15 s, → forward 30 s — only while an episode is loaded, never
 * with a modifier key, and never while typing in a field or using a widget's own keys.
 */
export function useKeyboardShortcuts() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing)
        return;
      if (event.key !== " " && event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      if (!usePlayer.getState().current) return;
      if (isShortcutIgnored(event.target, event.key)) return;
      event.preventDefault();
      if (event.key === " ") {
        if (!event.repeat) void togglePlay();
      } else if (event.key === "ArrowLeft") skipBack();
      else skipForward();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
