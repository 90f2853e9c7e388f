import { Globe, Lock } from "lucide-react";
import { useId } from "react";
import { useController, useWatch } from "react-hook-form";
import {
  type CreateListValues,
  createListSchema,
  LIST_DESCRIPTION_MAX,
  LIST_NAME_MAX,
} from "~/domain/library";
import { Button } from "~/web/components/ui/button";
import { FormField } from "~/web/components/ui/form-field";
import { Input } from "~/web/components/ui/input";
import { Spinner } from "~/web/components/ui/spinner";
import { Textarea } from "~/web/components/ui/textarea";
import { notify } from "~/web/components/ui/toaster";
import { isApiError } from "~/web/lib/api-client";
import { cn } from "~/web/lib/cn";
import {
  describeFieldError,
  findFirstFieldError,
  showServerFieldErrors,
  useZodForm,
} from "~/web/lib/zod-form";

type Field = "name" | "description";

export type ListFormValues = { name: string; description: string; isPublic: boolean };

/**
 * Name (required after trimming: 'Please enter a list name'), description and public/private — the
 * create dialog, the edit dialog and the inline form of Add to List. Validated with the same schema
 * as the server; server field errors are shown the same way. The first problem is also a toast.
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
  const form = useZodForm(createListSchema, { defaultValues: initial });
  const { errors, isSubmitting } = form.formState;
  const visibility = useController({ control: form.control, name: "isPublic" });
  const description = useWatch({ control: form.control, name: "description" }) ?? "";
  const fields: readonly Field[] = compact ? ["name"] : ["name", "description"];
  const errorId = (field: Field) => `${id}-${field}-error`;

  async function submit(values: CreateListValues) {
    try {
      await onSubmit(values);
    } catch (error) {
      const shown = showServerFieldErrors(form.setError, error, fields);
      if (shown) notify.error(shown.message);
      else notify.error("Could not save the list", isApiError(error) ? error.message : undefined);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        // Stop the submit from reaching a form around this one (the inline form sits inside a dialog).
        event.stopPropagation();
        if (isSubmitting) {
          event.preventDefault();
          return;
        }
        void form.handleSubmit(submit, (invalid) => {
          const first = findFirstFieldError(invalid, fields);
          if (first) notify.error(first.message);
        })(event);
      }}
      className="flex flex-col gap-4"
    >
      <FormField
        label={compact ? "New list name" : "Name"}
        htmlFor={`${id}-name`}
        error={errors.name?.message}
        errorId={errorId("name")}
      >
        <Input
          id={`${id}-name`}
          maxLength={LIST_NAME_MAX + 20}
          autoComplete="off"
          placeholder="e.g. Weekend listening"
          {...form.register("name")}
          {...describeFieldError(errors.name, errorId("name"))}
        />
      </FormField>
      {!compact && (
        <FormField
          label={
            <>
              Description <span className="font-normal text-muted-foreground">(optional)</span>
            </>
          }
          htmlFor={`${id}-description`}
          error={errors.description?.message}
          errorId={errorId("description")}
          hint={{
            id: `${id}-description-count`,
            text: `${description.trim().length}/${LIST_DESCRIPTION_MAX}`,
          }}
        >
          <Textarea
            id={`${id}-description`}
            rows={3}
            className="min-h-20"
            maxLength={LIST_DESCRIPTION_MAX + 20}
            {...form.register("description")}
            {...describeFieldError(
              errors.description,
              errorId("description"),
              errors.description ? undefined : `${id}-description-count`,
            )}
          />
        </FormField>
      )}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">Visibility</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          <VisibilityOption
            name={`${id}-visibility`}
            checked={!visibility.field.value}
            onChange={() => visibility.field.onChange(false)}
            icon={<Lock aria-hidden="true" className="size-4" />}
            label="Private"
            hint="Only you can see it"
          />
          <VisibilityOption
            name={`${id}-visibility`}
            checked={Boolean(visibility.field.value)}
            onChange={() => visibility.field.onChange(true)}
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
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? pendingLabel : submitLabel}
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
