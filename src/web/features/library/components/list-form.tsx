import { Globe, Lock } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import {
  type CreateListValues,
  createListSchema,
  LIST_DESCRIPTION_MAX,
  LIST_NAME_MAX,
} from "~/domain/library";
import { Button } from "~/web/components/ui/button";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { Spinner } from "~/web/components/ui/spinner";
import { Textarea } from "~/web/components/ui/textarea";
import { notify } from "~/web/components/ui/toaster";
import { isApiError } from "~/web/lib/api-client";
import { cn } from "~/web/lib/cn";

type Field = "name" | "description";
type FieldErrors = Partial<Record<Field, string>>;

export type ListFormValues = { name: string; description: string; isPublic: boolean };

/**
 * Name (required after trimming: 'Please enter a list name'), description and public/private — the
 * create dialog, the edit dialog and the inline form of Add to List. Validated with the same schema
 * as the server; server field errors are shown the same way.
 */
export function ListForm({
  initial = { name: "", description: "", isPublic: false },
  submitLabel,
  pendingLabel,
  onSubmit,
  onCancel,
  compact = false,
}: {
  initial?: ListFormValues;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (values: CreateListValues) => Promise<unknown>;
  onCancel?: () => void;
  /** The inline form of Add to List: name and visibility only. */
  compact?: boolean;
}) {
  const id = useId();
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
  const [isPublic, setIsPublic] = useState(initial.isPublic);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isPending, setPending] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const descriptionInput = useRef<HTMLTextAreaElement>(null);
  const errorId = (field: Field) => `${id}-${field}-error`;

  function showErrors(next: FieldErrors) {
    setErrors(next);
    const first = next.name ? "name" : next.description ? "description" : null;
    if (first === "name") nameInput.current?.focus();
    if (first === "description") descriptionInput.current?.focus();
    const message = next.name ?? next.description;
    if (message) notify.error(message);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Stop the submit from reaching a form around this one (the inline form sits inside a dialog).
    event.stopPropagation();
    if (isPending) return;
    const parsed = createListSchema.safeParse({ name, description, isPublic });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === "name" || field === "description") && !next[field]) next[field] = issue.message;
      }
      showErrors(next);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      if (isApiError(error) && error.fields && (error.fields.name || error.fields.description)) {
        showErrors({ name: error.fields.name, description: error.fields.description });
      } else {
        notify.error("Could not save the list", isApiError(error) ? error.message : undefined);
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-name`}>{compact ? "New list name" : "Name"}</Label>
        <Input
          ref={nameInput}
          id={`${id}-name`}
          value={name}
          maxLength={LIST_NAME_MAX + 20}
          autoComplete="off"
          placeholder="e.g. Weekend listening"
          onChange={(event) => setName(event.target.value)}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? errorId("name") : undefined}
        />
        {errors.name && (
          <p id={errorId("name")} className="text-sm text-destructive">
            {errors.name}
          </p>
        )}
      </div>
      {!compact && (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-description`}>
            Description <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Textarea
            ref={descriptionInput}
            id={`${id}-description`}
            value={description}
            rows={3}
            className="min-h-20"
            maxLength={LIST_DESCRIPTION_MAX + 20}
            onChange={(event) => setDescription(event.target.value)}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? errorId("description") : `${id}-description-count`}
          />
          {errors.description ? (
            <p id={errorId("description")} className="text-sm text-destructive">
              {errors.description}
            </p>
          ) : (
            <p id={`${id}-description-count`} className="text-xs text-muted-foreground">
              {description.trim().length}/{LIST_DESCRIPTION_MAX}
            </p>
          )}
        </div>
      )}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Visibility</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          <VisibilityOption
            name={`${id}-visibility`}
            checked={!isPublic}
            onChange={() => setIsPublic(false)}
            icon={<Lock aria-hidden="true" className="size-4" />}
            label="Private"
            hint="Only you can see it"
          />
          <VisibilityOption
            name={`${id}-visibility`}
            checked={isPublic}
            onChange={() => setIsPublic(true)}
            icon={<Globe aria-hidden="true" className="size-4" />}
            label="Public"
            hint="Anyone with the link"
          />
        </div>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={isPending}>
          {isPending && <Spinner />}
          {isPending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}

function VisibilityOption({
  name,
  checked,
  onChange,
  icon,
  label,
  hint,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  icon: React.ReactNode;
  label: string;
  hint: string;
}) {
  return (
    <label
      className={cn(
        "flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
        checked ? "border-primary bg-secondary/60" : "hover:bg-muted",
      )}
    >
      <input
        type="radio"
        name={name}
        checked={checked}
        onChange={onChange}
        className="mt-0.5 size-4 shrink-0 accent-primary outline-none"
      />
      <span className="mt-0.5 text-primary">{icon}</span>
      <span className="flex flex-col">
        <span className="text-sm font-medium">{label}</span>
        <span className="text-xs text-muted-foreground">{hint}</span>
      </span>
    </label>
  );
}
