import { Slider as SliderPrimitive } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/web/lib/cn";

type SliderProps = Omit<
  ComponentProps<typeof SliderPrimitive.Root>,
  "value" | "defaultValue" | "onValueChange" | "onValueCommit"
> & {
  value: number;
  onValueChange?: (value: number) => void;
  onValueCommit?: (value: number) => void;
  /** The thumb's accessible name. */
  label: string;
  /** What a screen reader announces instead of the raw number (e.g. "3 minutes 5 seconds"). */
  valueText?: string;
  /** Drawn inside the track, above the range (e.g. chapter markers). */
  trackChildren?: ReactNode;
  size?: "default" | "strip";
};

/**
 * A single-thumb slider (Radix): values are clamped to min/max and snapped to step; arrow keys move
 * one step, Page Up/Down and Shift+arrows ten (spec 1 §5, §9); Home/End go to the ends.
 */
export function Slider({
  value,
  onValueChange,
  onValueCommit,
  label,
  valueText,
  trackChildren,
  size = "default",
  className,
  ...props
}: SliderProps) {
  const isStrip = size === "strip";
  return (
    <SliderPrimitive.Root
      value={[value]}
      onValueChange={(values) => onValueChange?.(values[0] ?? 0)}
      onValueCommit={(values) => onValueCommit?.(values[0] ?? 0)}
      className={cn(
        "group/slider relative flex touch-none items-center select-none data-[disabled]:opacity-50",
        isStrip ? "h-3 w-full cursor-pointer" : "h-5 w-full",
        className,
      )}
      {...props}
    >
      <SliderPrimitive.Track
        className={cn(
          "relative grow overflow-hidden rounded-full bg-muted-foreground/25",
          isStrip ? "h-1 transition-[height] group-hover/slider:h-1.5" : "h-1.5",
        )}
      >
        <SliderPrimitive.Range className="absolute h-full bg-primary" />
        {trackChildren}
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        aria-label={label}
        aria-valuetext={valueText}
        className={cn(
          "block rounded-full border-2 border-primary bg-background shadow outline-none",
          "focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
          isStrip ? "size-3 opacity-0 group-hover/slider:opacity-100 focus-visible:opacity-100" : "size-4",
        )}
      />
    </SliderPrimitive.Root>
  );
}
