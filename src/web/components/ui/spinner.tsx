import { LoaderCircle } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "~/web/lib/cn";

export type SpinnerProps = ComponentProps<"svg"> & {
  /** When set, announced to screen readers (role="status"); otherwise the spinner is decorative. */
  label?: string;
};

export function Spinner({ className, label, ...props }: SpinnerProps) {
  const icon = (
    <LoaderCircle aria-hidden="true" className={cn("size-4 animate-spin", className)} {...props} />
  );
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}
