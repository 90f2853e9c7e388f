import { Link } from "@tanstack/react-router";
import { Globe, ListVideo, Lock, Plus, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { MyListSummary } from "~/domain/contract/library";
import { deleteListConfirmation } from "~/domain/library";
import { Button } from "~/web/components/ui/button";
import { ConfirmDialog, Dialog, DialogContent } from "~/web/components/ui/dialog";
import { Skeleton } from "~/web/components/ui/skeleton";
import { notify } from "~/web/components/ui/toaster";
import { useCreateList, useDeleteList, useMyLists } from "~/web/features/library/api";
import { isApiError } from "~/web/lib/api-client";
import { formatDate } from "~/web/lib/format";
import { usePageMeta } from "~/web/lib/page-meta";
import { ListForm } from "./list-form";
import { EmptyState, PageHeading, PageShell, SignedInOnly } from "./page-parts";

export const episodeCountLabel = (count: number) => `${count} episode${count === 1 ? "" : "s"}`;

/**
 * /lists (spec 2 §2 Lists): my lists with episode counts, newest first; create and delete.
 * `headerAction`: another Library action beside "New list" (Add a podcast, from the route);
 * `notice`: shown above the lists to a signed-in user (the shows being added, from the route).
 */
export function ListsPage({ headerAction, notice }: { headerAction?: ReactNode; notice?: ReactNode } = {}) {
  usePageMeta({ title: "My lists", description: "Your lists of episodes, to keep private or to share." });
  const [isCreateOpen, setCreateOpen] = useState(false);
  return (
    <PageShell>
      <PageHeading
        title="My lists"
        description="Collect episodes into lists, private or shared by link."
        action={
          <div className="flex flex-wrap gap-2">
            {headerAction}
            <Button onClick={() => setCreateOpen(true)}>
              <Plus aria-hidden="true" />
              New list
            </Button>
          </div>
        }
      />
      <SignedInOnly fallback={<ListsSkeleton />}>
        {notice}
        <MyLists onCreate={() => setCreateOpen(true)} />
        <CreateListDialog open={isCreateOpen} onOpenChange={setCreateOpen} />
      </SignedInOnly>
    </PageShell>
  );
}

function CreateListDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateList();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Create a list" description="Give it a name; you can change everything later.">
        <ListForm
          submitLabel="Create list"
          pendingLabel="Creating…"
          onCancel={() => onOpenChange(false)}
          onSubmit={async (values) => {
            const list = await create.mutateAsync(values);
            notify.success("List created", `${list.name} is ready for episodes.`);
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function ListsSkeleton() {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <span role="status" className="sr-only">
        Loading your lists
      </span>
      {[0, 1, 2, 3].map((index) => (
        <Skeleton key={index} className="h-32 w-full rounded-xl" />
      ))}
    </div>
  );
}

function MyLists({ onCreate }: { onCreate: () => void }) {
  const lists = useMyLists(true);
  const remove = useDeleteList();
  const [toDelete, setToDelete] = useState<MyListSummary | null>(null);

  if (lists.isPending) return <ListsSkeleton />;
  if (lists.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 text-sm">
        <p className="text-destructive">We couldn't load your lists. {lists.error.message}</p>
        <Button variant="outline" onClick={() => void lists.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!lists.data.items.length) {
    return (
      <EmptyState
        icon={ListVideo}
        title="No lists yet"
        description="Create a list to gather episodes by theme, for a trip, or to share with friends."
      >
        <Button onClick={onCreate}>
          <Plus aria-hidden="true" />
          Create your first list
        </Button>
      </EmptyState>
    );
  }

  return (
    <>
      <ul aria-label="Your lists" className="grid gap-3 sm:grid-cols-2">
        {lists.data.items.map((list) => (
          <li key={list.id}>
            <article className="relative flex h-full flex-col gap-2 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm focus-within:ring-2 focus-within:ring-ring">
              <div className="flex items-start justify-between gap-2">
                <h2 className="min-w-0 text-base leading-snug font-semibold break-words">
                  <Link
                    to="/lists/$listId"
                    params={{ listId: list.id }}
                    className="outline-none after:absolute after:inset-0 after:content-[''] hover:underline"
                  >
                    {list.name}
                  </Link>
                </h2>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  className="relative z-10"
                  aria-label={`Delete ${list.name}`}
                  title="Delete list"
                  onClick={() => setToDelete(list)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
              {list.description && (
                <p className="line-clamp-2 text-sm text-muted-foreground">{list.description}</p>
              )}
              <p className="mt-auto flex flex-wrap items-center gap-x-2 gap-y-1 pt-1 text-xs text-muted-foreground">
                <span className="font-medium text-foreground">{episodeCountLabel(list.episodeCount)}</span>
                <span aria-hidden="true">·</span>
                <span className="inline-flex items-center gap-1">
                  {list.isPublic ? (
                    <Globe aria-hidden="true" className="size-3" />
                  ) : (
                    <Lock aria-hidden="true" className="size-3" />
                  )}
                  {list.isPublic ? "Public" : "Private"}
                </span>
                <span aria-hidden="true">·</span>
                <span>
                  Created <time dateTime={list.createdAt}>{formatDate(list.createdAt)}</time>
                </span>
              </p>
            </article>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={toDelete ? deleteListConfirmation(toDelete.name) : ""}
        confirmLabel="Delete"
        isPending={remove.isPending}
        onConfirm={() => {
          if (!toDelete) return;
          const list = toDelete;
          remove.mutate(list.id, {
            onSuccess: () => {
              notify.success("List deleted", `${list.name} was deleted.`);
              setToDelete(null);
            },
            onError: (error) =>
              notify.error("Could not delete the list", isApiError(error) ? error.message : undefined),
          });
        }}
      />
    </>
  );
}
