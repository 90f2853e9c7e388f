import type { ReactNode } from "react";
import { Label } from "./label";

/**
 * A labelled form field: the label (with an asterisk for a required field, outside the label so the
 * field's accessible name is exactly its label), the control, then either its error message (with
 * `errorId`, which the control's `aria-describedby` names) or an optional hint.
 */
export function FormField({
  label,
  htmlFor,
  required = false,
  error,
  errorId,
  hint,
  children,
}: {
  label: ReactNode;
  htmlFor: string;
  required?: boolean;
  error: string | undefined;
  errorId: string;
  hint?: { id: string; text: string } | undefined;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline gap-0.5">
        <Label htmlFor={htmlFor}>{label}</Label>
        {required && (
          <span aria-hidden="true" className="text-sm leading-none text-destructive">
            *
          </span>
        )}
      </div>
      {children}
      {hint && !error && (
        <p id={hint.id} className="text-xs text-muted-foreground">
          {hint.text}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
