import { cn } from "~/web/lib/cn";

/** Ready/Pending, Ready/Missing: a word, not only a colour. */
export function StateBadge({ isOn, on, off }: { isOn: boolean; on: string; off: string }) {
  return (
    <span
      className={cn(
        "shrink-0 rounded-full border px-2 py-0.5 text-xs font-medium",
        isOn
          ? "border-primary/30 bg-primary/10 text-foreground"
          : "border-border bg-muted text-muted-foreground",
      )}
    >
      {isOn ? on : off}
    </span>
  );
}
