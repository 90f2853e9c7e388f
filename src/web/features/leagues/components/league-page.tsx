import { Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeft, Crown, LogOut, Trophy, UserRound, Users } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { useRef, useState } from "react";
import type { LeagueStanding, LeagueSummary } from "~/domain/contract/leagues";
import { leagueNotices, memberCountLabel } from "~/domain/leagues";
import { ImageWithFallback } from "~/web/components/image-with-fallback";
import { LoadError } from "~/web/components/load-error";
import { Button, buttonVariants } from "~/web/components/ui/button";
import { Skeleton } from "~/web/components/ui/skeleton";
import { Spinner } from "~/web/components/ui/spinner";
import { notify } from "~/web/components/ui/toaster";
import { useJoinLeague, useLeague, useLeaveLeague } from "~/web/features/leagues/api";
import { isApiError } from "~/web/lib/api-client";
import { formatDate } from "~/web/lib/format";
import { usePageMeta } from "~/web/lib/page-meta";
import { RoleBadge } from "./role-badge";

const numberFormat = new Intl.NumberFormat("en-US");

/** /leagues/{id}: a league and its members ranked by this week's quiz score, with join and leave. */
export function LeaguePage({ leagueId }: { leagueId: string }) {
  const league = useLeague(leagueId);
  usePageMeta({
    title: league.data?.league.name ?? "League",
    description: "A league's members ranked by this week's quiz score.",
  });
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
      <Link
        to="/leagues"
        className={buttonVariants({ variant: "ghost", size: "sm", className: "self-start" })}
      >
        <ArrowLeft aria-hidden="true" />
        All leagues
      </Link>
      {league.isPending ? (
        <LeagueSkeleton />
      ) : league.isError ? (
        isApiError(league.error) && league.error.status === 404 ? (
          <div className="flex flex-col items-center gap-3 py-16 text-center">
            <h1 className="text-2xl font-semibold tracking-tight">League not found</h1>
            <p className="max-w-md text-muted-foreground">
              This league does not exist, or its last member left and it was removed.
            </p>
            <Link to="/leagues" className={buttonVariants({ className: "mt-2" })}>
              Browse leagues
            </Link>
          </div>
        ) : (
          <LoadError title="League" onRetry={() => void league.refetch()}>
            We couldn't load this league. {league.error.message}
          </LoadError>
        )
      ) : (
        <>
          <LeagueHeader league={league.data.league} />
          <Standings weekStart={league.data.weekStart} standings={league.data.standings} />
        </>
      )}
    </div>
  );
}

function LeagueSkeleton() {
  return (
    <div className="flex flex-col gap-4">
      <span role="status" className="sr-only">
        Loading the league
      </span>
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-5 w-1/2" />
      <Skeleton className="h-64 w-full rounded-xl" />
    </div>
  );
}

function LeagueHeader({ league }: { league: LeagueSummary }) {
  const join = useJoinLeague();
  const [isLeaveOpen, setLeaveOpen] = useState(false);
  return (
    <header className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">{league.name}</h1>
          {league.description && <p className="text-muted-foreground">{league.description}</p>}
        </div>
        {league.myRole ? (
          <div className="flex items-center gap-2">
            <RoleBadge role={league.myRole} />
            <Button variant="outline" size="sm" onClick={() => setLeaveOpen(true)}>
              <LogOut aria-hidden="true" />
              Leave
            </Button>
          </div>
        ) : (
          <Button
            disabled={join.isPending}
            onClick={() =>
              join.mutate(league.id, {
                onSuccess: (joined) =>
                  notify.success(`Joined ${joined.name}`, "Finish a quiz this week to climb the standings."),
                onError: (error) =>
                  notify.error(leagueNotices.joinFailed, isApiError(error) ? error.message : undefined),
              })
            }
          >
            {join.isPending && <Spinner />}
            Join league
          </Button>
        )}
      </div>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
        <span
          className="inline-flex items-center gap-1 font-medium text-foreground"
          data-testid="member-count"
        >
          <Users aria-hidden="true" className="size-4" />
          {memberCountLabel(league.memberCount)}
        </span>
        {league.ownerName && (
          <>
            <span aria-hidden="true">·</span>
            <span className="inline-flex items-center gap-1">
              <Crown aria-hidden="true" className="size-4" />
              Owner: {league.ownerName}
            </span>
          </>
        )}
        <span aria-hidden="true">·</span>
        <span>
          Created <time dateTime={league.createdAt}>{formatDate(league.createdAt)}</time>
        </span>
      </p>
      <LeaveDialog league={league} open={isLeaveOpen} onOpenChange={setLeaveOpen} />
    </header>
  );
}

/** Leaving is confirmed: an owner hands the league on, and the last member's leaving removes it. */
function LeaveDialog({
  league,
  open,
  onOpenChange,
}: {
  league: LeagueSummary;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const leave = useLeaveLeague();
  const navigate = useNavigate();
  // Focus returns to the Leave button on Cancel (there is no AlertDialog.Trigger to return to).
  const opener = useRef<HTMLElement | null>(null);
  const isLast = league.memberCount <= 1;
  const consequence = isLast
    ? "You are its only member, so the league will be removed."
    : league.myRole === "owner"
      ? "Ownership passes to the member who joined earliest. You can join again later as a member."
      : "You can join again at any time.";
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-[2px]" />
        <AlertDialog.Content
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl border border-border bg-popover p-5 text-popover-foreground shadow-xl outline-none sm:p-6"
        >
          <AlertDialog.Title className="text-lg leading-snug font-semibold text-pretty">
            Leave {league.name}?
          </AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">
            {consequence}
          </AlertDialog.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonVariants({ variant: "outline" })}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonVariants({ variant: "destructive" })}
              disabled={leave.isPending}
              onClick={(event) => {
                event.preventDefault();
                leave.mutate(league.id, {
                  onSuccess: (result) => {
                    onOpenChange(false);
                    if (!result.league) {
                      notify.success(`Left ${league.name}`, "It had no other members, so it was removed.");
                      void navigate({ to: "/leagues" });
                      return;
                    }
                    notify.success(
                      `Left ${league.name}`,
                      result.newOwnerUserId
                        ? `${result.league.ownerName ?? "Another member"} owns it now.`
                        : undefined,
                    );
                  },
                  onError: (error) =>
                    notify.error("Failed to leave league", isApiError(error) ? error.message : undefined),
                });
              }}
            >
              {leave.isPending && <Spinner />}
              Leave league
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

function Standings({ weekStart, standings }: { weekStart: string; standings: LeagueStanding[] }) {
  return (
    <section aria-labelledby="standings-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="standings-heading" className="inline-flex items-center gap-2 text-lg font-semibold">
          <Trophy aria-hidden="true" className="size-5 text-primary" />
          This week's standings
        </h2>
        <p className="text-xs text-muted-foreground">
          Week from Sunday <time dateTime={weekStart}>{formatDate(`${weekStart}T12:00:00Z`)}</time>
        </p>
      </div>
      <div className="overflow-hidden rounded-xl border border-border bg-card">
        <table className="w-full table-fixed text-sm">
          <caption className="sr-only">Members ranked by this week's quiz score</caption>
          <thead className="border-b border-border text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="w-12 px-3 py-2 font-medium">
                Rank
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Member
              </th>
              <th scope="col" className="w-[4.5rem] px-2 py-2 text-right font-medium sm:w-24 sm:px-3">
                Score
              </th>
              <th scope="col" className="w-[4.5rem] px-2 py-2 text-right font-medium sm:w-24 sm:px-3">
                XP
              </th>
            </tr>
          </thead>
          <tbody>
            {standings.map((row) => (
              <tr
                key={row.userId}
                aria-current={row.isMe ? "true" : undefined}
                className={row.isMe ? "bg-secondary/60" : "border-t border-border first:border-t-0"}
              >
                <td className="px-3 py-2 font-semibold tabular-nums">{row.rank}</td>
                <td className="px-2 py-2 sm:px-3">
                  <span className="flex min-w-0 items-center gap-2">
                    <ImageWithFallback
                      src={row.avatarUrl}
                      icon={UserRound}
                      className="size-8 shrink-0 rounded-full object-cover"
                      iconClassName="size-4"
                    />
                    <span className="flex min-w-0 flex-col">
                      <span className="truncate font-medium">
                        {row.name ?? "A learner"}
                        {row.isMe && <span className="text-muted-foreground"> (you)</span>}
                      </span>
                      <span className="text-xs text-muted-foreground">
                        Level {row.level}
                        {row.role === "owner" ? " · Owner" : ""}
                      </span>
                    </span>
                  </span>
                </td>
                <td className="px-2 py-2 text-right font-semibold tabular-nums sm:px-3">
                  {numberFormat.format(row.weeklyScore)}
                </td>
                <td className="px-2 py-2 text-right text-muted-foreground tabular-nums sm:px-3">
                  {numberFormat.format(row.xp)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted-foreground">
        Scores come from quizzes finished this week and start again every Sunday. Equal scores share a rank.
      </p>
    </section>
  );
}
