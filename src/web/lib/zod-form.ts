import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import {
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type UseFormProps,
  type UseFormReturn,
  type UseFormSetError,
  useForm,
} from "react-hook-form";
import type { z } from "zod";
import { isApiError } from "./api-client";

/**
 * The web's forms: react-hook-form validated by the domain's zod schema, the same schema the
 * server's handler validates with. Nothing is sent while a field is invalid; a failed submit marks
 * every invalid field (`aria-invalid`, message) and focuses the first in form order (the order the
 * fields are registered); after that, each change re-validates its own field, so a message goes
 * as soon as the field is right. The submit handler receives the schema's output (trimmed, defaults
 * applied). Only lazy screens import this: react-hook-form stays off the landing's first load.
 */
export function useZodForm<Schema extends z.ZodType<unknown, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, "resolver"> = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  const resolver = useMemo(() => zodResolver(schema), [schema]);
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({ ...options, resolver });
}

/** The first of `fields` (form order) that has an error, with its message. */
export function findFirstFieldError<T extends FieldValues>(
  errors: FieldErrors<T>,
  fields: readonly Path<T>[],
): { field: Path<T>; message: string } | undefined {
  for (const field of fields) {
    const message = get<FieldErrors<T>, { message?: unknown } | undefined>(errors, field)?.message;
    if (typeof message === "string" && message) return { field, message };
  }
  return undefined;
}

/**
 * Puts a refused request's field messages (`ApiError.fields`, from the server's validation with the
 * same schema) on the form: only for `fields`, and focuses the first of them in form order. Returns
 * that first field and its message, if any; saying what failed (a toast) stays with the caller.
 */
export function showServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly Path<T>[],
): { field: Path<T>; message: string } | undefined {
  if (!isApiError(error) || !error.fields) return undefined;
  const messages = error.fields;
  const invalid = fields.filter((field) => Boolean(messages[field]));
  invalid.forEach((field, index) => {
    setError(field, { type: "server", message: messages[field] }, { shouldFocus: index === 0 });
  });
  const [first] = invalid;
  return first === undefined ? undefined : { field: first, message: messages[first] ?? "" };
}

/** The accessibility attributes of a field that may carry an error message (with id `errorId`). */
export function describeFieldError(
  error: { message?: string | undefined } | undefined,
  errorId: string,
  ...describedBy: (string | undefined)[]
): { "aria-invalid": true | undefined; "aria-describedby": string | undefined } {
  const ids = [error ? errorId : undefined, ...describedBy].filter(Boolean);
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": ids.length ? ids.join(" ") : undefined,
  };
}
