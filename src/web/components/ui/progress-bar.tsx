import { cn } from "~/web/lib/cn";

/** A labelled progress bar (role="progressbar", value of max); the fill is clamped to 0–100 %. */
export function ProgressBar({
  label,
  value,
  max,
  valueText,
  className,
  indicatorClassName,
}: {
  label: string;
  value: number;
  max: number;
  valueText?: string;
  className?: string;
  indicatorClassName?: string;
}) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={valueText}
      className={cn("overflow-hidden rounded-full bg-muted", className)}
    >
      <div
        className={cn("h-full rounded-full bg-primary", indicatorClassName)}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
