import { Send } from "lucide-react";
import { type FormEvent, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from "react";
import {
  CONTACT_MESSAGE_MAX,
  type ContactRole,
  contactMessageSchema,
  contactNotices,
  contactRoleLabels,
  contactRoles,
} from "~/domain/contact";
import { Button } from "~/web/components/ui/button";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { NativeSelect } from "~/web/components/ui/native-select";
import { Spinner } from "~/web/components/ui/spinner";
import { Textarea } from "~/web/components/ui/textarea";
import { notify } from "~/web/components/ui/toaster";
import { useSendContactMessage } from "~/web/features/marketing/api";
import { isApiError, NETWORK_ERROR_MESSAGE } from "~/web/lib/api-client";
import { useSession } from "~/web/lib/session";

type Field = "name" | "email" | "role" | "podcast" | "message";
type Values = { name: string; email: string; role: ContactRole | ""; podcast: string; message: string };
type FieldErrors = Partial<Record<Field, string>>;

const FIELDS: readonly Field[] = ["name", "email", "role", "podcast", "message"];
const EMPTY: Values = { name: "", email: "", role: "", podcast: "", message: "" };

const isField = (value: unknown): value is Field =>
  typeof value === "string" && (FIELDS as readonly string[]).includes(value);

/**
 * The partner contact form (spec 3 §2, §5): name, e-mail and message are required, role and podcast
 * optional. The shared schema validates here first; nothing is sent while a field is invalid.
 */
export function ContactForm({ nameInputRef }: { nameInputRef?: RefObject<HTMLInputElement | null> }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const send = useSendContactMessage();
  const { user, profile } = useSession();

  const id = useId();
  const fieldId = (field: Field) => `${id}-${field}`;
  const errorId = (field: Field) => `${id}-${field}-error`;
  const ownNameRef = useRef<HTMLInputElement>(null);
  const refs = {
    name: nameInputRef ?? ownNameRef,
    email: useRef<HTMLInputElement>(null),
    role: useRef<HTMLSelectElement>(null),
    podcast: useRef<HTMLInputElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
  };

  // Signed in: start from the account's name and e-mail (still editable).
  const signedInName = profile?.name || user?.name || "";
  const signedInEmail = user?.email ?? "";
  useEffect(() => {
    if (!signedInEmail) return;
    setValues((current) =>
      current.name || current.email ? current : { ...current, name: signedInName, email: signedInEmail },
    );
  }, [signedInName, signedInEmail]);

  function update<K extends Field>(field: K, value: Values[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _removed, ...rest } = current;
      return rest;
    });
  }

  function showErrors(fieldErrors: FieldErrors) {
    setErrors(fieldErrors);
    const first = FIELDS.find((field) => fieldErrors[field]);
    if (first) refs[first].current?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;

    const parsed = contactMessageSchema.safeParse({
      ...values,
      role: values.role || undefined,
      podcast: values.podcast || undefined,
    });
    if (!parsed.success) {
      const fieldErrors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isField(field)) fieldErrors[field] ??= issue.message;
      }
      showErrors(fieldErrors);
      return;
    }

    try {
      await send.mutateAsync(parsed.data);
    } catch (error) {
      if (isApiError(error)) {
        const fieldErrors = Object.fromEntries(
          Object.entries(error.fields ?? {}).filter(([field]) => isField(field)),
        ) as FieldErrors;
        if (Object.keys(fieldErrors).length > 0) showErrors(fieldErrors);
        notify.error("Message not sent", error.message);
      } else {
        notify.error("Message not sent", NETWORK_ERROR_MESSAGE);
      }
      return;
    }
    notify.success(contactNotices.success.title, contactNotices.success.description);
    setErrors({});
    setValues(EMPTY);
  }

  const describedBy = (field: Field, extra?: string) =>
    [errors[field] ? errorId(field) : null, extra].filter(Boolean).join(" ") || undefined;
  const common = (field: Field) => ({
    id: fieldId(field),
    name: field,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": describedBy(field),
  });
  // While sending, the fields stay focusable but cannot change (and the button cannot resend).
  const readOnly = send.isPending;

  return (
    <form
      noValidate
      aria-label="Contact the Earmark team"
      aria-busy={send.isPending}
      onSubmit={(event) => void handleSubmit(event)}
      className="flex flex-col gap-5"
    >
      <p className="text-sm text-muted-foreground">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label="Name"
          required
          htmlFor={fieldId("name")}
          error={errors.name}
          errorId={errorId("name")}
        >
          <Input
            ref={refs.name}
            {...common("name")}
            autoComplete="name"
            aria-required="true"
            readOnly={readOnly}
            value={values.name}
            onChange={(event) => update("name", event.target.value)}
          />
        </FormField>
        <FormField
          label="Email"
          required
          htmlFor={fieldId("email")}
          error={errors.email}
          errorId={errorId("email")}
        >
          <Input
            ref={refs.email}
            {...common("email")}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="you@example.com"
            aria-required="true"
            readOnly={readOnly}
            value={values.email}
            onChange={(event) => update("email", event.target.value)}
          />
        </FormField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="I am a" htmlFor={fieldId("role")} error={errors.role} errorId={errorId("role")}>
          <NativeSelect
            ref={refs.role}
            {...common("role")}
            value={values.role}
            onChange={(event) => update("role", event.target.value as ContactRole | "")}
          >
            <option value="">Select your role</option>
            {contactRoles.map((role) => (
              <option key={role} value={role}>
                {contactRoleLabels[role]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          label="Podcast"
          htmlFor={fieldId("podcast")}
          error={errors.podcast}
          errorId={errorId("podcast")}
        >
          <Input
            ref={refs.podcast}
            {...common("podcast")}
            placeholder="Show name or RSS feed"
            readOnly={readOnly}
            value={values.podcast}
            onChange={(event) => update("podcast", event.target.value)}
          />
        </FormField>
      </div>
      <FormField
        label="Message"
        required
        htmlFor={fieldId("message")}
        error={errors.message}
        errorId={errorId("message")}
      >
        <Textarea
          ref={refs.message}
          {...common("message")}
          rows={6}
          maxLength={CONTACT_MESSAGE_MAX}
          placeholder="Tell us about your show, your audience and what you'd like to achieve."
          aria-required="true"
          readOnly={readOnly}
          value={values.message}
          onChange={(event) => update("message", event.target.value)}
        />
      </FormField>
      <Button
        type="submit"
        size="lg"
        className="w-full sm:w-auto sm:self-start"
        aria-disabled={send.isPending || undefined}
      >
        {send.isPending ? <Spinner /> : <Send aria-hidden="true" />}
        {send.isPending ? "Sending..." : "Send Message"}
      </Button>
    </form>
  );
}

function FormField({
  label,
  htmlFor,
  required = false,
  error,
  errorId,
  children,
}: {
  label: string;
  htmlFor: string;
  required?: boolean;
  error: string | undefined;
  errorId: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2">
      {/* The asterisk sits outside the label so the field's name is exactly its label. */}
      <div className="flex items-baseline gap-0.5">
        <Label htmlFor={htmlFor}>{label}</Label>
        {required && (
          <span aria-hidden="true" className="text-sm leading-none text-destructive">
            *
          </span>
        )}
      </div>
      {children}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
