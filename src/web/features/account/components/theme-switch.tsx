import { Monitor, Moon, Sun } from "lucide-react";
import type { KeyboardEvent } from "react";
import { useChooseTheme, useThemePreference } from "~/web/features/account/preferences";
import { cn } from "~/web/lib/cn";
import type { ThemePreference } from "~/web/lib/theme";

const options: { value: ThemePreference; label: string; icon: typeof Sun }[] = [
  { value: "light", label: "Light", icon: Sun },
  { value: "dark", label: "Dark", icon: Moon },
  { value: "system", label: "System", icon: Monitor },
];

/**
 * Light / dark / system (spec 1 §4), as a radio group: arrow keys move and choose, the choice
 * applies at once and is saved to the profile when signed in.
 */
export function ThemeSwitch({ className }: { className?: string }) {
  const preference = useThemePreference();
  const choose = useChooseTheme();

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? 1
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? -1
          : 0;
    if (!step) return;
    event.preventDefault();
    const index = options.findIndex((option) => option.value === preference);
    const next = options[(index + step + options.length) % options.length];
    if (!next) return;
    choose(next.value);
    event.currentTarget.querySelector<HTMLButtonElement>(`[data-value="${next.value}"]`)?.focus();
  }

  return (
    <div
      role="radiogroup"
      aria-label="Theme"
      onKeyDown={onKeyDown}
      className={cn(
        "inline-flex shrink-0 items-center rounded-full border border-border bg-muted/60 p-0.5",
        className,
      )}
    >
      {options.map(({ value, label, icon: Icon }) => {
        const checked = preference === value;
        return (
          // biome-ignore lint/a11y/useSemanticElements: see the radiogroup above.
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={label}
            title={`${label} theme`}
            data-value={value}
            tabIndex={checked ? 0 : -1}
            onClick={() => choose(value)}
            className={cn(
              "flex size-7 items-center justify-center rounded-full text-muted-foreground transition-colors outline-none",
              "hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
              checked && "bg-background text-foreground shadow-sm",
            )}
          >
            <Icon aria-hidden="true" className="size-3.5" />
          </button>
        );
      })}
    </div>
  );
}
