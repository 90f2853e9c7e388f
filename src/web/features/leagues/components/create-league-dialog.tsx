import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useId, useRef } from "react";
import { useWatch } from "react-hook-form";
import type { LeagueSummary } from "~/domain/contract/leagues";
import {
  type CreateLeagueValues,
  createLeagueSchema,
  LEAGUE_DESCRIPTION_MAX,
  LEAGUE_NAME_MAX,
  leagueNotices,
} from "~/domain/leagues";
import { Button, buttonVariants } from "~/web/components/ui/button";
import { FormField } from "~/web/components/ui/form-field";
import { Input } from "~/web/components/ui/input";
import { Spinner } from "~/web/components/ui/spinner";
import { Textarea } from "~/web/components/ui/textarea";
import { notify } from "~/web/components/ui/toaster";
import { useCreateLeague } from "~/web/features/leagues/api";
import { isApiError } from "~/web/lib/api-client";
import {
  describeFieldError,
  findFirstFieldError,
  showServerFieldErrors,
  useZodForm,
} from "~/web/lib/zod-form";

type Field = "name" | "description";
const fields: readonly Field[] = ["name", "description"];

/**
 * The create-league dialog (spec 2 §2 Leagues, §5): name (required after trimming, ≤ 50) and an
 * optional description (≤ 200), validated with the schema the server uses. Radix keeps focus in the
 * dialog, closes it on Escape and returns focus to the button that opened it.
 */
export function CreateLeagueDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (league: LeagueSummary) => void;
}) {
  // Opened from more than one button (no Dialog.Trigger): focus goes back to whichever opened it.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-[2px]" />
        <Dialog.Content
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-xl border border-border bg-popover p-5 text-popover-foreground shadow-xl outline-none sm:p-6"
        >
          <div className="flex items-start justify-between gap-4">
            <div className="flex min-w-0 flex-col gap-1.5">
              <Dialog.Title className="text-lg leading-tight font-semibold tracking-tight">
                Create a league
              </Dialog.Title>
              <Dialog.Description className="text-sm text-muted-foreground">
                Leagues are public: anyone signed in can find and join yours.
              </Dialog.Description>
            </div>
            <Dialog.Close className={buttonVariants({ variant: "ghost", size: "icon-sm" })}>
              <X aria-hidden="true" />
              <span className="sr-only">Close</span>
            </Dialog.Close>
          </div>
          <LeagueForm onCancel={() => onOpenChange(false)} onCreated={onCreated} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function LeagueForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (league: LeagueSummary) => void;
}) {
  const id = useId();
  const create = useCreateLeague();
  const form = useZodForm(createLeagueSchema, { defaultValues: { name: "", description: "" } });
  const { errors, isSubmitting } = form.formState;
  const description = useWatch({ control: form.control, name: "description" }) ?? "";
  const errorId = (field: Field) => `${id}-${field}-error`;

  async function submit(values: CreateLeagueValues) {
    try {
      const league = await create.mutateAsync(values);
      notify.success("League created", `You own ${league.name}. Invite people to join it.`);
      onCreated(league);
    } catch (error) {
      const shown = showServerFieldErrors(form.setError, error, fields);
      notify.error(
        leagueNotices.createFailed,
        shown?.message ?? (isApiError(error) ? error.message : undefined),
      );
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        if (isSubmitting) {
          event.preventDefault();
          return;
        }
        void form.handleSubmit(submit, (invalid) => {
          const first = findFirstFieldError(invalid, fields);
          if (first) notify.error(leagueNotices.createFailed, first.message);
        })(event);
      }}
      className="flex flex-col gap-4"
    >
      <FormField
        label="Name"
        required
        htmlFor={`${id}-name`}
        error={errors.name?.message}
        errorId={errorId("name")}
      >
        <Input
          id={`${id}-name`}
          maxLength={LEAGUE_NAME_MAX + 20}
          autoComplete="off"
          placeholder="e.g. Morning commuters"
          {...form.register("name")}
          {...describeFieldError(errors.name, errorId("name"))}
        />
      </FormField>
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
          text: `${description.trim().length}/${LEAGUE_DESCRIPTION_MAX}`,
        }}
      >
        <Textarea
          id={`${id}-description`}
          rows={3}
          className="min-h-20"
          maxLength={LEAGUE_DESCRIPTION_MAX + 20}
          {...form.register("description")}
          {...describeFieldError(
            errors.description,
            errorId("description"),
            errors.description ? undefined : `${id}-description-count`,
          )}
        />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? "Creating…" : "Create league"}
        </Button>
      </div>
    </form>
  );
}
