import { Send } from "lucide-react";
import { type RefObject, useId } from "react";
import {
  CONTACT_MESSAGE_MAX,
  type ContactMessageInput,
  contactMessageSchema,
  contactNotices,
  contactRoleLabels,
  contactRoles,
} from "~/domain/contact";
import { Button } from "~/web/components/ui/button";
import { emailInputProps } from "~/web/components/ui/email-input-props";
import { FormField } from "~/web/components/ui/form-field";
import { Input } from "~/web/components/ui/input";
import { NativeSelect } from "~/web/components/ui/native-select";
import { Spinner } from "~/web/components/ui/spinner";
import { Textarea } from "~/web/components/ui/textarea";
import { notify } from "~/web/components/ui/toaster";
import { useSendContactMessage } from "~/web/features/marketing/api";
import { isApiError, NETWORK_ERROR_MESSAGE } from "~/web/lib/api-client";
import { useSession } from "~/web/lib/session";
import { describeFieldError, showServerFieldErrors, useZodForm } from "~/web/lib/zod-form";

type Field = keyof ContactMessageInput;

const FIELDS: readonly Field[] = ["name", "email", "role", "podcast", "message"];
const EMPTY: ContactMessageInput = { name: "", email: "", message: "" };
/** An unanswered optional field is left out, as if the form had no such field. */
const optional = { setValueAs: (value: string) => value || undefined };

/**
 * The partner contact form (spec 3 §2, §5): name, e-mail and message are required, role and podcast
 * optional. The shared schema validates here first; nothing is sent while a field is invalid.
 */
export function ContactForm({ nameInputRef }: { nameInputRef?: RefObject<HTMLInputElement | null> }) {
  const send = useSendContactMessage();
  const { user, profile } = useSession();

  // Signed in: start from the account's name and e-mail (still editable; what was typed stays).
  const signedInEmail = user?.email ?? "";
  const signedInName = profile?.name || user?.name || "";
  const form = useZodForm(contactMessageSchema, {
    defaultValues: EMPTY,
    values: signedInEmail ? { ...EMPTY, name: signedInName, email: signedInEmail } : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  const { errors } = form.formState;

  const id = useId();
  const fieldId = (field: Field) => `${id}-${field}`;
  const errorId = (field: Field) => `${id}-${field}-error`;

  async function submit(values: ContactMessageInput) {
    try {
      await send.mutateAsync(values);
    } catch (error) {
      showServerFieldErrors(form.setError, error, FIELDS);
      notify.error("Message not sent", isApiError(error) ? error.message : NETWORK_ERROR_MESSAGE);
      return;
    }
    notify.success(contactNotices.success.title, contactNotices.success.description);
    // Back to the start (the account's name and e-mail when signed in): what was typed goes too,
    // unlike when the session arrives (resetOptions above).
    form.reset(undefined, { keepDirtyValues: false });
  }

  const common = (field: Field) => ({
    id: fieldId(field),
    ...describeFieldError(errors[field], errorId(field)),
  });
  // While sending, the fields stay focusable but cannot change (and the button cannot resend).
  const readOnly = send.isPending;
  const nameField = form.register("name");

  return (
    <form
      noValidate
      aria-label="Contact the Earmark team"
      aria-busy={send.isPending}
      onSubmit={(event) => {
        if (send.isPending) {
          event.preventDefault();
          return;
        }
        void form.handleSubmit(submit)(event);
      }}
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
          error={errors.name?.message}
          errorId={errorId("name")}
        >
          <Input
            {...common("name")}
            autoComplete="name"
            aria-required="true"
            readOnly={readOnly}
            {...nameField}
            ref={(element) => {
              nameField.ref(element);
              if (nameInputRef) nameInputRef.current = element;
            }}
          />
        </FormField>
        <FormField
          label="Email"
          required
          htmlFor={fieldId("email")}
          error={errors.email?.message}
          errorId={errorId("email")}
        >
          <Input
            {...common("email")}
            {...emailInputProps}
            aria-required="true"
            readOnly={readOnly}
            {...form.register("email")}
          />
        </FormField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label="I am a"
          htmlFor={fieldId("role")}
          error={errors.role?.message}
          errorId={errorId("role")}
        >
          <NativeSelect {...common("role")} {...form.register("role", optional)}>
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
          error={errors.podcast?.message}
          errorId={errorId("podcast")}
        >
          <Input
            {...common("podcast")}
            placeholder="Show name or RSS feed"
            readOnly={readOnly}
            {...form.register("podcast", optional)}
          />
        </FormField>
      </div>
      <FormField
        label="Message"
        required
        htmlFor={fieldId("message")}
        error={errors.message?.message}
        errorId={errorId("message")}
      >
        <Textarea
          {...common("message")}
          rows={6}
          maxLength={CONTACT_MESSAGE_MAX}
          placeholder="Tell us about your show, your audience and what you'd like to achieve."
          aria-required="true"
          readOnly={readOnly}
          {...form.register("message")}
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
