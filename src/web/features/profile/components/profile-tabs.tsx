import { Link } from "@tanstack/react-router";
import { Bookmark, Globe, History, ListMusic, Lock, type LucideIcon, Podcast } from "lucide-react";
import { Tabs } from "radix-ui";
import type { ReactNode } from "react";
import type { ListSummary } from "~/domain/contract/library";
import { formatTime } from "~/domain/time";
import { EpisodeRow, EpisodeRowsSkeleton } from "~/web/components/episode-row";
import { ImageWithFallback } from "~/web/components/image-with-fallback";
import { LoadError } from "~/web/components/load-error";
import { buttonVariants } from "~/web/components/ui/button";
import { Skeleton } from "~/web/components/ui/skeleton";
import { type ProfileTab, useProfileTab } from "~/web/features/profile/api";
import { formatDate } from "~/web/lib/format";

const tabs: { value: ProfileTab; label: string; icon: LucideIcon }[] = [
  { value: "saved", label: "Saved", icon: Bookmark },
  { value: "lists", label: "Lists", icon: ListMusic },
  { value: "history", label: "History", icon: History },
  { value: "following", label: "Following", icon: Podcast },
];

const tabTrigger =
  "inline-flex flex-1 shrink-0 items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors outline-none " +
  "hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm";

const tabPanel =
  "rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-4 focus-visible:ring-offset-background";

/** The own profile's tabs (arrow keys move between them); each tab loads when first opened. */
export function OwnProfileTabs({ userId }: { userId: string }) {
  return (
    <Tabs.Root defaultValue="saved" className="flex flex-col gap-4">
      <Tabs.List
        aria-label="Your library"
        className="-mx-1 flex gap-1 overflow-x-auto rounded-lg bg-muted p-1"
      >
        {tabs.map(({ value, label, icon: Icon }) => (
          <Tabs.Trigger key={value} value={value} className={tabTrigger}>
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="saved" className={tabPanel}>
        <SavedTab userId={userId} />
      </Tabs.Content>
      <Tabs.Content value="lists" className={tabPanel}>
        <ListsTab userId={userId} isOwn />
      </Tabs.Content>
      <Tabs.Content value="history" className={tabPanel}>
        <HistoryTab userId={userId} />
      </Tabs.Content>
      <Tabs.Content value="following" className={tabPanel}>
        <FollowingTab userId={userId} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** Another user's profile: their public lists, and nothing private. */
export function PublicLists({ userId }: { userId: string }) {
  return (
    <section aria-labelledby="public-lists-heading" className="flex flex-col gap-3">
      <h2 id="public-lists-heading" className="text-lg font-semibold">
        Public lists
      </h2>
      <ListsTab userId={userId} isOwn={false} />
    </section>
  );
}

function SavedTab({ userId }: { userId: string }) {
  const saved = useProfileTab(userId, "saved");
  if (saved.isPending) return <EpisodeRowsSkeleton count={3} label="Loading saved episodes" />;
  if (saved.isError)
    return (
      <TabError what="saved episodes" message={saved.error.message} onRetry={() => void saved.refetch()} />
    );
  if (saved.data.items.length === 0)
    return (
      <Empty icon={Bookmark} text="No saved episodes yet">
        <Link to="/search" className={buttonVariants({ variant: "outline", size: "sm" })}>
          Browse episodes
        </Link>
      </Empty>
    );
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {saved.data.items.map(({ episode }) => (
          <li key={episode.id} className="flex flex-col gap-1">
            <EpisodeRow episode={episode} />
            {episode.summary && (
              <p className="line-clamp-2 px-1 text-xs text-muted-foreground">{episode.summary}</p>
            )}
          </li>
        ))}
      </ul>
      <SeeAll to="/bookmarks" label="All saved episodes" />
    </div>
  );
}

function HistoryTab({ userId }: { userId: string }) {
  const history = useProfileTab(userId, "history");
  if (history.isPending) return <EpisodeRowsSkeleton count={3} label="Loading play history" />;
  if (history.isError)
    return (
      <TabError what="play history" message={history.error.message} onRetry={() => void history.refetch()} />
    );
  if (history.data.items.length === 0) return <Empty icon={History} text="No play history yet" />;
  return (
    <ul className="flex flex-col gap-3">
      {history.data.items.map(({ episode, playedAt, progressSeconds }) => (
        <li key={episode.id} className="flex flex-col gap-1">
          <EpisodeRow episode={episode} />
          <p className="px-1 text-xs text-muted-foreground">
            Played <time dateTime={playedAt}>{formatDate(playedAt)}</time>
            {progressSeconds > 0 && <> · reached {formatTime(progressSeconds)}</>}
          </p>
        </li>
      ))}
    </ul>
  );
}

function ListsTab({ userId, isOwn }: { userId: string; isOwn: boolean }) {
  const lists = useProfileTab(userId, "lists");
  if (lists.isPending) return <CardsSkeleton label="Loading lists" />;
  if (lists.isError)
    return <TabError what="lists" message={lists.error.message} onRetry={() => void lists.refetch()} />;
  if (lists.data.items.length === 0)
    return isOwn ? (
      <Empty icon={ListMusic} text="No lists created yet">
        <Link to="/lists" className={buttonVariants({ variant: "outline", size: "sm" })}>
          Create a list
        </Link>
      </Empty>
    ) : (
      <Empty icon={ListMusic} text="No public lists yet" />
    );
  return (
    <div className="flex flex-col gap-3">
      <ul className="grid gap-3 sm:grid-cols-2">
        {lists.data.items.map((list) => (
          <li key={list.id}>
            <ListCard list={list} isOwn={isOwn} />
          </li>
        ))}
      </ul>
      {isOwn && <SeeAll to="/lists" label="All your lists" />}
    </div>
  );
}

function ListCard({ list, isOwn }: { list: ListSummary; isOwn: boolean }) {
  const VisibilityIcon = list.isPublic ? Globe : Lock;
  return (
    <article className="relative flex h-full flex-col gap-1 rounded-xl border border-border bg-card p-4 shadow-sm focus-within:ring-2 focus-within:ring-ring hover:bg-muted/50">
      <h3 className="line-clamp-2 font-semibold break-words">
        <Link
          to="/lists/$listId"
          params={{ listId: list.id }}
          className="outline-none after:absolute after:inset-0 after:content-['']"
        >
          {list.name}
        </Link>
      </h3>
      <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
        <span>
          {list.episodeCount} {list.episodeCount === 1 ? "episode" : "episodes"}
        </span>
        <span aria-hidden="true">·</span>
        <span>
          Updated <time dateTime={list.updatedAt}>{formatDate(list.updatedAt)}</time>
        </span>
        {isOwn && (
          <span className="inline-flex items-center gap-1">
            <VisibilityIcon aria-hidden="true" className="size-3" />
            {list.isPublic ? "Public" : "Private"}
          </span>
        )}
      </p>
    </article>
  );
}

function FollowingTab({ userId }: { userId: string }) {
  const following = useProfileTab(userId, "following");
  if (following.isPending) return <CardsSkeleton label="Loading followed podcasts" />;
  if (following.isError)
    return (
      <TabError
        what="followed podcasts"
        message={following.error.message}
        onRetry={() => void following.refetch()}
      />
    );
  if (following.data.items.length === 0)
    return (
      <Empty icon={Podcast} text="Not following any podcasts yet">
        <Link to="/search" className={buttonVariants({ variant: "outline", size: "sm" })}>
          Find podcasts
        </Link>
      </Empty>
    );
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {following.data.items.map((podcast) => (
        <li key={podcast.id}>
          <Link
            to="/podcast/$id"
            params={{ id: podcast.id }}
            className="flex h-full flex-col gap-2 rounded-xl border border-border bg-card p-3 text-sm font-medium shadow-sm outline-none hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ImageWithFallback
              src={podcast.coverUrl}
              loading="lazy"
              className="aspect-square w-full rounded-lg"
              iconClassName="size-8"
            />
            <span className="line-clamp-2 break-words">{podcast.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Empty({ icon: Icon, text, children }: { icon: LucideIcon; text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-6 py-10 text-center">
      <span className="flex size-10 items-center justify-center rounded-xl bg-secondary text-primary">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <p className="text-sm font-medium">{text}</p>
      {children}
    </div>
  );
}

function TabError({ what, message, onRetry }: { what: string; message: string; onRetry: () => void }) {
  return (
    <LoadError onRetry={onRetry}>
      We couldn't load {what}. {message}
    </LoadError>
  );
}

function SeeAll({ to, label }: { to: "/bookmarks" | "/lists"; label: string }) {
  return (
    <Link to={to} className={buttonVariants({ variant: "link", size: "sm", className: "self-end" })}>
      {label}
    </Link>
  );
}

function CardsSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" className="grid gap-3 sm:grid-cols-2">
      <p role="status" className="sr-only">
        {label}
      </p>
      {[0, 1, 2, 3].map((index) => (
        <Skeleton key={index} className="h-20 rounded-xl" />
      ))}
    </div>
  );
}
