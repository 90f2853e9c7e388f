import { Link } from "@tanstack/react-router";
import { CircleAlert, CircleCheck, Plus } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import type { PodcastAddition, PodcastMatch } from "~/domain/contract/podcasts";
import { addPodcastInputSchema } from "~/domain/contract/podcasts";
import type { OpmlImport } from "~/domain/contract/subscriptions";
import { PODCAST_LOOKUP_MIN, USER_FEEDS_PER_DAY } from "~/domain/podcasts";
import { ImageWithFallback } from "~/web/components/image-with-fallback";
import { Button, buttonVariants } from "~/web/components/ui/button";
import { Dialog, DialogContent } from "~/web/components/ui/dialog";
import { FormField } from "~/web/components/ui/form-field";
import { Input } from "~/web/components/ui/input";
import { Skeleton } from "~/web/components/ui/skeleton";
import { Spinner } from "~/web/components/ui/spinner";
import { notify } from "~/web/components/ui/toaster";
import {
  useAddPodcast,
  useImportOpml,
  useImportProgress,
  usePodcastAddition,
  usePodcastLookup,
} from "~/web/features/podcast/additions-api";
import { useSetFollowing } from "~/web/features/podcast/api";
import { isApiError } from "~/web/lib/api-client";
import { formatCount } from "~/web/lib/format";
import { useDebouncedValue } from "~/web/lib/use-debounced-value";
import { describeFieldError, showServerFieldErrors, useZodForm } from "~/web/lib/zod-form";
import { AdditionRow } from "./addition-row";
import { episodeCountLabel } from "./podcast-page";

/** "Add a podcast" (issue 22), for the Library screens: a button and its dialog. */
export function AddPodcastButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        Add a podcast
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        {open && <AddPodcastDialogContent onClose={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

function AddPodcastDialogContent({ onClose }: { onClose: () => void }) {
  const [additionId, setAdditionId] = useState<string | null>(null);
  return (
    <DialogContent
      title="Add a podcast"
      description="Paste the address of the show's RSS feed. It joins the catalog for everyone, and you follow it."
    >
      {additionId ? (
        <AdditionProgress additionId={additionId} onAnother={() => setAdditionId(null)} onClose={onClose} />
      ) : (
        <>
          <CatalogSearchSection onClose={onClose} />
          <FeedUrlForm onAdded={(addition) => setAdditionId(addition.id)} onCancel={onClose} />
          <OpmlImportSection onOpen={onClose} />
        </>
      )}
    </DialogContent>
  );
}

function FeedUrlForm({
  onAdded,
  onCancel,
}: {
  onAdded: (addition: PodcastAddition) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const add = useAddPodcast();
  const form = useZodForm(addPodcastInputSchema, { defaultValues: { feedUrl: "" } });
  const { errors, isSubmitting } = form.formState;
  const errorId = `${id}-feed-url-error`;

  async function submit(values: { feedUrl: string }) {
    try {
      onAdded(await add.mutateAsync(values.feedUrl));
    } catch (error) {
      const shown = showServerFieldErrors(form.setError, error, ["feedUrl"]);
      if (!shown) {
        form.setError("feedUrl", {
          type: "server",
          message: isApiError(error) ? error.message : "The podcast could not be added.",
        });
      }
      notify.error("Could not add the podcast", isApiError(error) ? error.message : undefined);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
      className="flex flex-col gap-4"
    >
      <FormField
        label="Feed address"
        htmlFor={`${id}-feed-url`}
        required
        error={errors.feedUrl?.message}
        errorId={errorId}
        hint={{
          id: `${id}-hint`,
          text: `For example https://example.com/podcast/feed.xml. Up to ${USER_FEEDS_PER_DAY} new shows a day.`,
        }}
      >
        <Input
          id={`${id}-feed-url`}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://"
          {...form.register("feedUrl")}
          {...describeFieldError(errors.feedUrl, errorId, errors.feedUrl ? undefined : `${id}-hint`)}
        />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <Spinner />}
          {isSubmitting ? "Adding…" : "Add podcast"}
        </Button>
      </div>
    </form>
  );
}

const STATUS_TEXT: Record<PodcastAddition["status"], string> = {
  queued: "Waiting to read the feed…",
  reading: "Reading the feed…",
  done: "Added",
  failed: "Could not add this feed",
};

/** Live progress of one addition: polled until the feed is read or refused. */
function AdditionProgress({
  additionId,
  onAnother,
  onClose,
}: {
  additionId: string;
  onAnother: () => void;
  onClose: () => void;
}) {
  const query = usePodcastAddition(additionId);
  const addition = query.data;
  const status = addition?.status;
  const name = addition?.podcast?.name;
  const announced = useRef(false);
  useEffect(() => {
    if (announced.current || !addition || (status !== "done" && status !== "failed")) return;
    announced.current = true;
    if (status === "done") {
      notify.success(`Added ${name ?? "the podcast"}`, "You follow it; its episodes are in the catalog.");
    } else {
      notify.error("Could not add the podcast", addition.error ?? undefined);
    }
  }, [addition, status, name]);
  if (!addition) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm">
        <Spinner /> Adding…
      </p>
    );
  }
  const isWorking = addition.status === "queued" || addition.status === "reading";
  return (
    <div className="flex flex-col gap-4">
      <div
        role="status"
        aria-live="polite"
        className="flex flex-col gap-1 rounded-lg border border-border p-4"
      >
        <p className="flex items-center gap-2 font-medium">
          {isWorking && <Spinner />}
          {addition.status === "done" && <CircleCheck aria-hidden="true" className="size-4 text-primary" />}
          {addition.status === "failed" && (
            <CircleAlert aria-hidden="true" className="size-4 text-destructive" />
          )}
          {STATUS_TEXT[addition.status]}
          {addition.status === "done" && name ? `: ${name}` : ""}
        </p>
        {addition.status !== "failed" && (
          <p className="text-sm text-muted-foreground">
            {addition.isNew || addition.status !== "done"
              ? `${episodeCountLabel(addition.episodeCount)} so far.`
              : "It was already in the catalog; you now follow it."}
          </p>
        )}
        {addition.error && <p className="text-sm text-destructive">{addition.error}</p>}
        <p className="text-xs break-all text-muted-foreground">{addition.feedUrl}</p>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onAnother}>
          Add another
        </Button>
        {addition.podcast && addition.status !== "failed" ? (
          <Link
            to="/podcast/$id"
            params={{ id: addition.podcast.id }}
            className={buttonVariants()}
            onClick={onClose}
          >
            Open podcast
          </Link>
        ) : (
          <Button type="button" onClick={onClose}>
            Close
          </Button>
        )}
      </div>
    </div>
  );
}

/** What the server accepts (POST /me/podcasts/opml takes at most 900,000 characters). */
const OPML_MAX_BYTES = 900_000;

/** Counts of an OPML import in words, for the toast and the result panel. */
export function describeOpmlImport(result: OpmlImport): string[] {
  const known = result.followed - result.created;
  const lines = [
    `${result.created} new ${result.created === 1 ? "show" : "shows"} added to the catalog; their episodes are being read.`,
    `${known} ${known === 1 ? "show was" : "shows were"} already in the catalog; you follow ${known === 1 ? "it" : "them"} now.`,
  ];
  if (result.invalid.length) {
    lines.push(`${result.invalid.length} refused: not a web (http or https) address.`);
  }
  // Grouped by reason: a file over the daily limit says so once, with how many it left out.
  const reasons = new Map<string, number>();
  for (const skipped of result.notAdded) reasons.set(skipped.reason, (reasons.get(skipped.reason) ?? 0) + 1);
  for (const [reason, count] of reasons) lines.push(`${count} not added: ${reason}`);
  return lines;
}

/** "Or import an OPML file": follows every show of a podcast app's export. */
function OpmlImportSection({ onOpen }: { onOpen: () => void }) {
  const id = useId();
  const importOpml = useImportOpml();
  const [result, setResult] = useState<(OpmlImport & { fileName: string }) | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function importFile(file: File | undefined) {
    if (!file) return;
    setResult(null);
    setError(null);
    if (file.size > OPML_MAX_BYTES) {
      const message = "The file is too large; an OPML file of at most 900 KB can be imported.";
      setError(message);
      notify.error("Could not import the file", message);
      return;
    }
    try {
      const imported = await importOpml.mutateAsync(await file.text());
      setResult({ ...imported, fileName: file.name });
      notify.success(
        `Imported ${file.name}: ${imported.followed} shows followed`,
        describeOpmlImport(imported).join(" "),
      );
    } catch (caught) {
      const message = isApiError(caught) ? caught.message : "The file could not be imported.";
      setError(message);
      notify.error("Could not import the file", message);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mt-2 flex flex-col gap-3 border-t border-border pt-4">
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        Or import an OPML file
      </h3>
      <FormField
        label="OPML file"
        htmlFor={`${id}-file`}
        error={error ?? undefined}
        errorId={`${id}-error`}
        hint={{ id: `${id}-hint`, text: "Export it from your podcast app; you follow every show it lists." }}
      >
        <Input
          id={`${id}-file`}
          type="file"
          accept=".opml,.xml,text/x-opml,text/xml,application/xml"
          disabled={importOpml.isPending}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => void importFile(event.currentTarget.files?.[0])}
        />
      </FormField>
      {importOpml.isPending && <ImportSkeleton />}
      {result && (
        <div
          role="status"
          aria-live="polite"
          className="flex flex-col gap-1 rounded-lg border border-border p-4 text-sm"
        >
          <p className="flex items-center gap-2 font-medium">
            <CircleCheck aria-hidden="true" className="size-4 text-primary" />
            You follow {result.followed} {result.followed === 1 ? "show" : "shows"} from the file
          </p>
          {describeOpmlImport(result).map((line) => (
            <p key={line} className="text-muted-foreground">
              {line}
            </p>
          ))}
          {result.invalid.length > 0 && (
            <ul className="text-xs break-all text-muted-foreground">
              {result.invalid.slice(0, 5).map((link) => (
                <li key={link}>{link}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {result && result.additions.length > 0 && (
        // Keyed by the import: a second file starts a fresh list (and its own end-of-import toast).
        <ImportProgressList
          key={result.additions[0]?.id}
          started={result.additions}
          fileName={result.fileName}
          onOpen={onOpen}
        />
      )}
    </section>
  );
}

function ImportSkeleton() {
  return (
    <div className="flex flex-col gap-2">
      <p role="status" className="flex items-center gap-2 text-sm">
        <Spinner /> Importing…
      </p>
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex items-center gap-3 rounded-lg border border-border p-3">
          <Skeleton className="size-4 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * Each show an OPML import added, read live (queued → reading → ready, or failed and why). A
 * polite live region says once when all have been read, and a toast says how many were added.
 */
function ImportProgressList({
  started,
  fileName,
  onOpen,
}: {
  started: PodcastAddition[];
  fileName: string;
  onOpen: () => void;
}) {
  const id = useId();
  const { additions, isAllSettled, error } = useImportProgress(started);
  const added = additions.filter((addition) => addition.status === "done").length;
  const failed = additions.filter((addition) => addition.status === "failed").length;
  const finished = added + failed;
  const completion = `Finished reading ${formatCount(additions.length, "new show", "new shows")} from ${fileName}: ${added} added${
    failed ? `, ${failed} could not be added` : ""
  }.`;
  const isAnnounced = useRef(false);
  useEffect(() => {
    if (!isAllSettled || isAnnounced.current) return;
    isAnnounced.current = true;
    if (added > 0) {
      notify.success(
        `Added ${formatCount(added, "show", "shows")} from ${fileName}`,
        failed
          ? `${formatCount(failed, "feed", "feeds")} could not be added; the dialog says why.`
          : undefined,
      );
    } else {
      notify.error(`No shows could be added from ${fileName}`, "The dialog says why for each feed.");
    }
  }, [isAllSettled, added, failed, fileName]);

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2">
      <h4 id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold">
        {!isAllSettled && <Spinner />}
        Shows being added
        <span className="font-normal text-muted-foreground">
          ({finished} of {additions.length} read)
        </span>
      </h4>
      <p role="status" aria-live="polite" className="sr-only">
        {isAllSettled ? completion : ""}
      </p>
      {error && (
        <p className="text-xs text-destructive">The progress could not be refreshed: {error.message}</p>
      )}
      <ul aria-labelledby={`${id}-title`} className="flex max-h-72 flex-col gap-2 overflow-y-auto">
        {additions.map((addition) => (
          <AdditionRow key={addition.id} addition={addition} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  );
}

/** "Already in the catalog?": find a show by name and follow it right there. */
function CatalogSearchSection({ onClose }: { onClose: () => void }) {
  const id = useId();
  const [text, setText] = useState("");
  const q = useDebouncedValue(text, 250);
  const lookup = usePodcastLookup(q);
  const isSearchable = q.trim().length >= PODCAST_LOOKUP_MIN;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 border-b border-border pb-4">
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        Search the catalog
      </h3>
      <Input
        type="search"
        aria-labelledby={`${id}-title`}
        placeholder="A show's name"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      {isSearchable && lookup.isPending && (
        <p role="status" className="flex items-center gap-2 text-sm">
          <Spinner /> Searching…
        </p>
      )}
      {isSearchable &&
        lookup.data &&
        (lookup.data.items.length ? (
          <ul aria-label="Matching podcasts" className="flex max-h-64 flex-col gap-2 overflow-y-auto">
            {lookup.data.items.map((podcast) => (
              <PodcastMatchRow key={podcast.id} podcast={podcast} onOpen={onClose} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">
            No show by that name yet. Add it by its feed address below.
          </p>
        ))}
    </section>
  );
}

function PodcastMatchRow({ podcast, onOpen }: { podcast: PodcastMatch; onOpen: () => void }) {
  const setFollowing = useSetFollowing(podcast.id);
  const isFollowing = setFollowing.isPending ? setFollowing.variables : podcast.following === true;
  function toggle() {
    const next = !isFollowing;
    setFollowing.mutate(next, {
      onSuccess: () => notify.success(next ? `Following ${podcast.name}` : `Unfollowed ${podcast.name}`),
      onError: (error) =>
        notify.error(
          next ? "Could not follow" : "Could not unfollow",
          isApiError(error) ? error.message : undefined,
        ),
    });
  }
  return (
    <li className="flex items-center gap-3">
      <ImageWithFallback src={podcast.coverUrl} alt="" className="size-10 shrink-0 rounded-md" />
      <Link
        to="/podcast/$id"
        params={{ id: podcast.id }}
        onClick={onOpen}
        className="min-w-0 flex-1 truncate text-sm font-medium underline-offset-4 hover:underline"
      >
        {podcast.name}
      </Link>
      <Button
        type="button"
        size="sm"
        variant={isFollowing ? "secondary" : "default"}
        aria-label={`${isFollowing ? "Following" : "Follow"} ${podcast.name}`}
        onClick={toggle}
      >
        {isFollowing ? <CircleCheck aria-hidden="true" /> : <Plus aria-hidden="true" />}
        {isFollowing ? "Following" : "Follow"}
      </Button>
    </li>
  );
}
