import { Link } from "@tanstack/react-router";
import { RotateCcw } from "lucide-react";
import { cn } from "~/web/lib/cn";
import { useDueCount } from "./review-api";

/**
 * Tells a signed-in learner that review cards wait: a link to /review with the number due (99+
 * beyond), shown only while there are any. The spec's sidebar and tab bar are fixed lists, so the
 * badge sits with the header's level and streak badges.
 */
export function ReviewDueBadge({ className }: { className?: string }) {
  const { data: count } = useDueCount();
  if (!count) return null;
  const label = count > 99 ? "99+" : String(count);
  return (
    <Link
      to="/review"
      title={`${count} review card${count === 1 ? "" : "s"} due`}
      className={cn(
        "flex h-8 items-center gap-1 rounded-full border border-border bg-card px-2.5 text-xs font-semibold outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
    >
      <RotateCcw aria-hidden="true" className="size-3.5 text-primary" />
      <span aria-hidden="true">{label}</span>
      <span className="sr-only">{`Review: ${label} card${count === 1 ? "" : "s"} due`}</span>
    </Link>
  );
}
