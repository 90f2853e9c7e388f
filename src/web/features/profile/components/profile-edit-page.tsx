import { Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeft, ImageUp, Trash2, UserRound } from "lucide-react";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { useController, useWatch } from "react-hook-form";
import type { SessionProfile } from "~/domain/contract/account";
import {
  findAvatarFileProblem,
  HANDLE_MAX_LENGTH,
  isHttpsUrl,
  normalizeHandle,
  PROFILE_NAME_MAX,
  profileNotices,
  type UpdateProfileInput,
  type UpdateProfileValues,
  updateProfileSchema,
} from "~/domain/profile";
import { ImageWithFallback } from "~/web/components/image-with-fallback";
import { Button, buttonVariants } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { FormField } from "~/web/components/ui/form-field";
import { Input } from "~/web/components/ui/input";
import { Skeleton } from "~/web/components/ui/skeleton";
import { Spinner } from "~/web/components/ui/spinner";
import { notify } from "~/web/components/ui/toaster";
import { useRemoveAvatar, useUpdateProfile, useUploadAvatar } from "~/web/features/profile/api";
import { isApiError } from "~/web/lib/api-client";
import { usePageMeta } from "~/web/lib/page-meta";
import { useSession } from "~/web/lib/session";
import {
  describeFieldError,
  findFirstFieldError,
  showServerFieldErrors,
  useZodForm,
} from "~/web/lib/zod-form";

type Field = "name" | "handle" | "avatarUrl";
const fields: readonly Field[] = ["name", "handle", "avatarUrl"];

/** What happens to the avatar on save: nothing, a chosen file is uploaded, or it is removed. */
type AvatarChange = { kind: "keep" } | { kind: "file"; file: File; previewUrl: string } | { kind: "remove" };

/** /profile/edit (spec 3 §2 Profile edit, §5): avatar by upload or pasted URL, display name, handle. */
export function ProfileEditPage() {
  usePageMeta({ title: "Edit profile", description: "Change your avatar, display name and handle." });
  const { profile } = useSession();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
      <Link
        to="/profile"
        search={{}}
        className={buttonVariants({ variant: "ghost", size: "sm", className: "self-start" })}
      >
        <ArrowLeft aria-hidden="true" />
        Back to Profile
      </Link>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Edit profile</h1>
      {profile ? <ProfileForm profile={profile} /> : <FormSkeleton />}
    </div>
  );
}

function ProfileForm({ profile }: { profile: SessionProfile }) {
  const id = useId();
  const navigate = useNavigate();
  const upload = useUploadAvatar();
  const removeStored = useRemoveAvatar();
  const update = useUpdateProfile();
  const fileInput = useRef<HTMLInputElement>(null);
  // Only the most recent choice of file may set the preview (reading a file takes a moment).
  const latestChoice = useRef(0);
  const [avatar, setAvatar] = useState<AvatarChange>({ kind: "keep" });
  const form = useZodForm(updateProfileSchema, {
    defaultValues: { name: profile.name ?? "", handle: profile.handle ?? "", avatarUrl: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const handle = useController({ control: form.control, name: "handle" });
  const pastedUrl = (useWatch({ control: form.control, name: "avatarUrl" }) ?? "").trim();
  const name = (useWatch({ control: form.control, name: "name" }) ?? "").trim() || "User";
  const errorId = (field: Field) => `${id}-${field}-error`;

  const preview =
    avatar.kind === "file"
      ? avatar.previewUrl
      : pastedUrl && isHttpsUrl(pastedUrl)
        ? pastedUrl
        : avatar.kind === "remove"
          ? null
          : profile.avatarUrl;
  const hasAvatar = Boolean(preview);

  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = "";
    if (!file) return;
    const problem = findAvatarFileProblem(file);
    if (problem) {
      notify.error(problem.title, problem.description);
      return;
    }
    // A data: URL, which the Content-Security-Policy allows for images (blob: it does not).
    const reader = new FileReader();
    const choice = ++latestChoice.current;
    reader.onload = () => {
      if (choice !== latestChoice.current || typeof reader.result !== "string") return;
      form.setValue("avatarUrl", "");
      setAvatar({ kind: "file", file, previewUrl: reader.result });
    };
    reader.onerror = () => notify.error(profileNotices.uploadFailed, "That file could not be read.");
    reader.readAsDataURL(file);
  }

  function removeAvatar() {
    latestChoice.current++;
    form.setValue("avatarUrl", "");
    setAvatar({ kind: "remove" });
  }

  async function save(values: UpdateProfileValues) {
    if (avatar.kind === "file") {
      try {
        await upload.mutateAsync(avatar.file);
        // Stored now: a retry after a refused save must not upload it again.
        setAvatar({ kind: "keep" });
      } catch (error) {
        notify.error(profileNotices.uploadFailed, isApiError(error) ? error.message : undefined);
        return;
      }
    }
    // Removing the picture, or replacing it by a pasted address, also deletes the stored files.
    if ((avatar.kind === "remove" || values.avatarUrl) && profile.avatarUrl) {
      try {
        await removeStored.mutateAsync();
      } catch (error) {
        notify.error("Could not remove your picture", isApiError(error) ? error.message : undefined);
        return;
      }
    }
    const body: UpdateProfileInput = { name: values.name, handle: values.handle };
    // A blank URL field leaves the avatar alone (an upload has set it already; Remove has cleared it).
    if (values.avatarUrl) body.avatarUrl = values.avatarUrl;
    try {
      await update.mutateAsync(body);
    } catch (error) {
      const shown = showServerFieldErrors(form.setError, error, fields);
      if (shown) notify.error(profileNotices.validationTitle, shown.message);
      else notify.error("Could not save your profile", isApiError(error) ? error.message : undefined);
      return;
    }
    notify.success(profileNotices.saved.title, profileNotices.saved.description);
    await navigate({ to: "/profile", search: {} });
  }

  const isBusy = isSubmitting || upload.isPending || removeStored.isPending || update.isPending;

  return (
    <Card className="p-5 sm:p-6">
      <form
        noValidate
        onSubmit={(event) => {
          if (isBusy) {
            event.preventDefault();
            return;
          }
          void form.handleSubmit(save, (invalid) => {
            const first = findFirstFieldError(invalid, fields);
            if (first) notify.error(profileNotices.validationTitle, first.message);
          })(event);
        }}
        className="flex flex-col gap-6"
      >
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-3 text-sm font-medium">Avatar</legend>
          <div className="flex flex-wrap items-center gap-4">
            <ImageWithFallback
              src={preview}
              alt={`${name}'s avatar preview`}
              icon={UserRound}
              iconClassName="size-8"
              className="size-20 rounded-full"
            />
            <div className="flex flex-wrap gap-2">
              <input
                ref={fileInput}
                id={`${id}-file`}
                type="file"
                accept="image/*"
                className="hidden"
                onChange={chooseFile}
              />
              <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
                <ImageUp aria-hidden="true" />
                Upload photo
              </Button>
              {hasAvatar && (
                <Button type="button" variant="ghost" size="sm" onClick={removeAvatar}>
                  <Trash2 aria-hidden="true" />
                  Remove photo
                </Button>
              )}
            </div>
          </div>
          <p className="text-xs text-muted-foreground">
            {avatar.kind === "file"
              ? `${avatar.file.name} will be uploaded when you save.`
              : "An image file of up to 2MB, or paste an image address below."}
          </p>
          <FormField
            label={
              <>
                Or paste an image URL <span className="font-normal text-muted-foreground">(optional)</span>
              </>
            }
            htmlFor={`${id}-avatarUrl`}
            error={errors.avatarUrl?.message}
            errorId={errorId("avatarUrl")}
          >
            <Input
              id={`${id}-avatarUrl`}
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://…"
              {...form.register("avatarUrl", {
                onChange: () =>
                  setAvatar((current) => (current.kind === "file" ? { kind: "keep" } : current)),
              })}
              {...describeFieldError(errors.avatarUrl, errorId("avatarUrl"))}
            />
          </FormField>
        </fieldset>

        <FormField
          label="Display name"
          htmlFor={`${id}-name`}
          required
          error={errors.name?.message}
          errorId={errorId("name")}
        >
          <Input
            id={`${id}-name`}
            autoComplete="nickname"
            maxLength={PROFILE_NAME_MAX + 20}
            {...form.register("name")}
            {...describeFieldError(errors.name, errorId("name"))}
          />
        </FormField>

        <FormField
          label="Handle"
          htmlFor={`${id}-handle`}
          error={errors.handle?.message}
          errorId={errorId("handle")}
          hint={{
            id: `${id}-handle-hint`,
            text: "Letters a–z, digits and _; at least 3 characters. Leave empty for none.",
          }}
        >
          <div className="flex items-center rounded-md border border-input bg-background focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/45">
            <span aria-hidden="true" className="pl-3 text-muted-foreground">
              @
            </span>
            <Input
              id={`${id}-handle`}
              ref={handle.field.ref}
              name={handle.field.name}
              value={handle.field.value ?? ""}
              onBlur={handle.field.onBlur}
              onChange={(event) => handle.field.onChange(normalizeHandle(event.target.value))}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={HANDLE_MAX_LENGTH}
              className="border-0 pl-1 shadow-none focus-visible:ring-0"
              {...describeFieldError(
                errors.handle,
                errorId("handle"),
                errors.handle ? undefined : `${id}-handle-hint`,
              )}
            />
          </div>
        </FormField>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to="/profile" search={{}} className={buttonVariants({ variant: "outline" })}>
            Cancel
          </Link>
          <Button type="submit" disabled={isBusy}>
            {isBusy && <Spinner />}
            {upload.isPending ? "Uploading…" : isBusy ? "Saving…" : "Save Changes"}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function FormSkeleton() {
  return (
    <Card className="flex flex-col gap-4 p-6" aria-busy="true">
      <p role="status" className="sr-only">
        Loading your profile
      </p>
      <Skeleton className="size-20 rounded-full" />
      <Skeleton className="h-10" />
      <Skeleton className="h-10" />
      <Skeleton className="h-10" />
    </Card>
  );
}
