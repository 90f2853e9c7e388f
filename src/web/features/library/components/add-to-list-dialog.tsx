import { Check, Globe, ListPlus, Lock, Plus } from "lucide-react";
import { useState } from "react";
import type { ListSummary, MyListSummary } from "~/domain/contract/library";
import { libraryNotices } from "~/domain/library";
import { Button } from "~/web/components/ui/button";
import { Dialog, DialogContent } from "~/web/components/ui/dialog";
import { Skeleton } from "~/web/components/ui/skeleton";
import { Spinner } from "~/web/components/ui/spinner";
import { notify } from "~/web/components/ui/toaster";
import { useAddToList, useCreateList, useMyLists } from "~/web/features/library/api";
import { isApiError } from "~/web/lib/api-client";
import { ListForm } from "./list-form";

/** The 409 of a duplicate entry (SQLSTATE 23505 on the server) as the spec's notice. */
export function notifyAddFailed(error: unknown) {
  if (isApiError(error) && error.status === 409) {
    notify.error(libraryNotices.alreadyInList.title, libraryNotices.alreadyInList.description);
  } else {
    notify.error("Could not add to list", isApiError(error) ? error.message : undefined);
  }
}

/**
 * Add to List (spec 2 §2): pick one of my lists, or create one inline and add the episode to it.
 * Lists already holding the episode are marked; choosing one again gives 'Already in list'.
 */
export function AddToListDialog({
  episodeId,
  episodeTitle,
  open,
  onOpenChange,
}: {
  episodeId: string;
  episodeTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const lists = useMyLists(open, episodeId);
  const add = useAddToList(episodeId);
  const create = useCreateList();
  const [isCreating, setCreating] = useState(false);
  const [pendingListId, setPendingListId] = useState<string | null>(null);

  async function addTo(list: Pick<ListSummary, "id" | "name">) {
    setPendingListId(list.id);
    try {
      await add.mutateAsync(list.id);
      notify.success("Added to list", `“${episodeTitle}” is now in ${list.name}.`);
      onOpenChange(false);
    } catch (error) {
      notifyAddFailed(error);
    } finally {
      setPendingListId(null);
    }
  }

  const items = lists.data?.items ?? [];
  const showForm = isCreating || (lists.isSuccess && items.length === 0);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setCreating(false);
        onOpenChange(next);
      }}
    >
      <DialogContent title="Add to list" description={`Choose a list for “${episodeTitle}”.`}>
        {lists.isPending ? (
          <div className="flex flex-col gap-2" role="status" aria-label="Loading your lists">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : lists.isError ? (
          <div className="flex flex-col items-start gap-2 text-sm">
            <p className="text-destructive">We couldn't load your lists. {lists.error.message}</p>
            <Button variant="outline" size="sm" onClick={() => void lists.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          items.length > 0 && (
            <ul aria-label="Your lists" className="flex max-h-72 flex-col gap-1.5 overflow-y-auto">
              {items.map((list) => (
                <li key={list.id}>
                  <ListChoice
                    list={list}
                    isPending={pendingListId === list.id}
                    onChoose={() => void addTo(list)}
                  />
                </li>
              ))}
            </ul>
          )
        )}

        {showForm ? (
          <div className="rounded-lg border border-border p-4">
            {items.length === 0 && lists.isSuccess && (
              <p className="mb-3 text-sm text-muted-foreground">
                You have no lists yet. Create your first one.
              </p>
            )}
            <ListForm
              compact
              submitLabel="Create and add"
              pendingLabel="Creating…"
              onCancel={items.length ? () => setCreating(false) : undefined}
              onSubmit={async (values) => {
                const list = await create.mutateAsync(values);
                setCreating(false);
                await addTo(list);
              }}
            />
          </div>
        ) : (
          lists.isSuccess && (
            <Button variant="outline" onClick={() => setCreating(true)} className="self-start">
              <Plus aria-hidden="true" />
              New list
            </Button>
          )
        )}
      </DialogContent>
    </Dialog>
  );
}

function ListChoice({
  list,
  isPending,
  onChoose,
}: {
  list: MyListSummary;
  isPending: boolean;
  onChoose: () => void;
}) {
  const count = `${list.episodeCount} episode${list.episodeCount === 1 ? "" : "s"}`;
  return (
    <button
      type="button"
      onClick={onChoose}
      disabled={isPending}
      className="flex w-full items-center gap-3 rounded-lg border border-border px-3 py-2.5 text-left transition-colors outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60"
    >
      <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-secondary text-primary">
        {isPending ? <Spinner /> : <ListPlus aria-hidden="true" className="size-4" />}
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-medium">{list.name}</span>
        <span className="flex items-center gap-1 text-xs text-muted-foreground">
          {list.isPublic ? (
            <Globe aria-hidden="true" className="size-3" />
          ) : (
            <Lock aria-hidden="true" className="size-3" />
          )}
          {list.isPublic ? "Public" : "Private"} · {count}
        </span>
      </span>
      {list.containsEpisode && (
        <span className="flex shrink-0 items-center gap-1 rounded-full bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground">
          <Check aria-hidden="true" className="size-3" />
          In list
        </span>
      )}
    </button>
  );
}
