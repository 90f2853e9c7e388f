import { Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeft, Crown, Flag, Plus, Users } from "lucide-react";
import { useState } from "react";
import type { LeagueSummary } from "~/domain/contract/leagues";
import { leagueNotices, memberCountLabel } from "~/domain/leagues";
import { LoadError } from "~/web/components/load-error";
import { Button, buttonVariants } from "~/web/components/ui/button";
import { Skeleton } from "~/web/components/ui/skeleton";
import { Spinner } from "~/web/components/ui/spinner";
import { notify } from "~/web/components/ui/toaster";
import { useJoinLeague, useLeagues, useMyLeagues } from "~/web/features/leagues/api";
import { isApiError } from "~/web/lib/api-client";
import { formatDate } from "~/web/lib/format";
import { usePageMeta } from "~/web/lib/page-meta";
import { CreateLeagueDialog } from "./create-league-dialog";
import { RoleBadge } from "./role-badge";

/**
 * /leagues (spec 2 §2 Leagues): my leagues with my role, public leagues newest first with member
 * counts, create and join. Signed-in only (the route sends others to /auth); back goes to /profile.
 */
export function LeaguesPage() {
  usePageMeta({ title: "Leagues", description: "Create or join a league and compete on weekly scores." });
  const [isCreateOpen, setCreateOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
      <Link
        to="/profile"
        search={{}}
        className={buttonVariants({ variant: "ghost", size: "sm", className: "self-start" })}
      >
        <ArrowLeft aria-hidden="true" />
        Back to Profile
      </Link>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Leagues</h1>
          <p className="text-sm text-muted-foreground">
            Learn alongside others: every league ranks its members by this week's quiz score.
          </p>
        </div>
        <Button onClick={() => setCreateOpen(true)}>
          <Plus aria-hidden="true" />
          Create league
        </Button>
      </header>
      <MyLeaguesSection onCreate={() => setCreateOpen(true)} />
      <PublicLeaguesSection />
      <CreateLeagueDialog
        open={isCreateOpen}
        onOpenChange={setCreateOpen}
        onCreated={(league) => {
          setCreateOpen(false);
          void navigate({ to: "/leagues/$leagueId", params: { leagueId: league.id } });
        }}
      />
    </div>
  );
}

function CardsSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <span role="status" className="sr-only">
        {label}
      </span>
      {[0, 1].map((index) => (
        <Skeleton key={index} className="h-28 w-full rounded-xl" />
      ))}
    </div>
  );
}

function MyLeaguesSection({ onCreate }: { onCreate: () => void }) {
  const mine = useMyLeagues();
  return (
    <section aria-labelledby="my-leagues-heading" className="flex flex-col gap-3">
      <h2 id="my-leagues-heading" className="text-lg font-semibold">
        Your leagues
      </h2>
      {mine.isPending ? (
        <CardsSkeleton label="Loading your leagues" />
      ) : mine.isError ? (
        <LoadError onRetry={() => void mine.refetch()}>
          We couldn't load your leagues. {mine.error.message}
        </LoadError>
      ) : mine.data.items.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border px-6 py-10 text-center">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-secondary text-primary">
            <Flag aria-hidden="true" className="size-6" />
          </span>
          <p className="font-semibold">You're not in a league yet</p>
          <p className="max-w-sm text-sm text-pretty text-muted-foreground">
            Join one of the leagues below, or start your own and invite people to it.
          </p>
          <Button variant="outline" onClick={onCreate}>
            <Plus aria-hidden="true" />
            Create a league
          </Button>
        </div>
      ) : (
        <ul aria-label="Your leagues" className="grid gap-3 sm:grid-cols-2">
          {mine.data.items.map((league) => (
            <li key={league.id}>
              <LeagueCard league={league} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PublicLeaguesSection() {
  const leagues = useLeagues();
  const items = leagues.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="public-leagues-heading" className="flex flex-col gap-3">
      <h2 id="public-leagues-heading" className="text-lg font-semibold">
        Public leagues
      </h2>
      {leagues.isPending ? (
        <CardsSkeleton label="Loading leagues" />
      ) : leagues.isError ? (
        <LoadError onRetry={() => void leagues.refetch()}>
          We couldn't load leagues. {leagues.error.message}
        </LoadError>
      ) : items.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border px-6 py-10 text-center text-sm text-muted-foreground">
          No leagues yet. Be the first to create one.
        </p>
      ) : (
        <>
          <ul aria-label="Public leagues" className="grid gap-3 sm:grid-cols-2">
            {items.map((league) => (
              <li key={league.id}>
                <LeagueCard league={league} canJoin />
              </li>
            ))}
          </ul>
          {leagues.hasNextPage && (
            <Button
              variant="outline"
              className="self-center"
              disabled={leagues.isFetchingNextPage}
              onClick={() => void leagues.fetchNextPage()}
            >
              {leagues.isFetchingNextPage && <Spinner />}
              {leagues.isFetchingNextPage ? "Loading…" : "Show more leagues"}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function LeagueCard({ league, canJoin = false }: { league: LeagueSummary; canJoin?: boolean }) {
  const join = useJoinLeague();
  return (
    <article
      aria-label={league.name}
      className="relative flex h-full flex-col gap-2 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm focus-within:ring-2 focus-within:ring-ring"
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 text-base leading-snug font-semibold break-words">
          <Link
            to="/leagues/$leagueId"
            params={{ leagueId: league.id }}
            className="outline-none after:absolute after:inset-0 after:content-[''] hover:underline"
          >
            {league.name}
          </Link>
        </h3>
        {league.myRole ? (
          <RoleBadge role={league.myRole} />
        ) : canJoin ? (
          <Button
            size="sm"
            className="relative z-10"
            aria-label={`Join ${league.name}`}
            disabled={join.isPending}
            onClick={() =>
              join.mutate(league.id, {
                onSuccess: (joined) =>
                  notify.success(
                    `Joined ${joined.name}`,
                    `You're one of ${memberCountLabel(joined.memberCount)}.`,
                  ),
                onError: (error) =>
                  notify.error(leagueNotices.joinFailed, isApiError(error) ? error.message : undefined),
              })
            }
          >
            {join.isPending && <Spinner />}
            Join
          </Button>
        ) : null}
      </div>
      {league.description && (
        <p className="line-clamp-2 text-sm text-muted-foreground">{league.description}</p>
      )}
      <p className="mt-auto flex flex-wrap items-center gap-x-2 gap-y-1 pt-1 text-xs text-muted-foreground">
        <span className="inline-flex items-center gap-1 font-medium text-foreground">
          <Users aria-hidden="true" className="size-3" />
          {memberCountLabel(league.memberCount)}
        </span>
        {league.ownerName && (
          <>
            <span aria-hidden="true">·</span>
            <span className="inline-flex items-center gap-1">
              <Crown aria-hidden="true" className="size-3" />
              {league.ownerName}
            </span>
          </>
        )}
        <span aria-hidden="true">·</span>
        <span>
          Created <time dateTime={league.createdAt}>{formatDate(league.createdAt)}</time>
        </span>
      </p>
    </article>
  );
}
