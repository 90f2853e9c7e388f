import { Link } from "@tanstack/react-router";
import { Calendar, Globe, type LucideIcon, Medal, NotebookPen, Users } from "lucide-react";
import { Tabs } from "radix-ui";
import type { ReactNode } from "react";
import { EpisodeRow, EpisodeRowsSkeleton } from "~/web/components/episode-row";
import { LoadError } from "~/web/components/load-error";
import { buttonVariants } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { type LeaderboardTab, useLeaderboardTab } from "~/web/features/leaderboard/api";
import { usePageMeta } from "~/web/lib/page-meta";
import { useSession } from "~/web/lib/session";
import { formatRank, formatScore, formatXp } from "./format-xp";
import { PlayerSearch } from "./player-search";
import { RankBadge, RankedList, RankedListSkeleton } from "./ranked-list";

const tabs: { value: LeaderboardTab; label: string; icon: LucideIcon }[] = [
  { value: "all-time", label: "All-Time", icon: Globe },
  { value: "week", label: "This Week", icon: Calendar },
  { value: "friends", label: "Friends", icon: Users },
  { value: "quizzes", label: "Quizzes", icon: NotebookPen },
];

const tabTrigger =
  "inline-flex flex-1 shrink-0 items-center justify-center gap-1.5 rounded-md px-2 py-1.5 sm:px-3 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors outline-none " +
  "hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm";

const tabPanel =
  "flex flex-col gap-4 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-4 focus-visible:ring-offset-background";

/**
 * /leaderboard (spec 3 §2 Leaderboard; decision 021): All-Time, This Week, Friends and Quizzes, a
 * player search and 'Your Position'. The rankings need sign-in (they show people's names, decision
 * 016); a signed-out visitor sees the Quizzes tab and an invitation to sign in.
 */
export function LeaderboardPage() {
  const { user, isResolving } = useSession();
  usePageMeta({
    title: "Leaderboard",
    description: "Who is learning the most, of all time and this week, among everyone or just your friends.",
  });
  const viewerId = user?.id ?? null;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-secondary text-primary">
          <Medal aria-hidden="true" className="size-5" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Leaderboard</h1>
      </header>

      {viewerId && <PlayerSearch />}

      <Tabs.Root defaultValue="all-time" className="flex flex-col gap-4">
        <Tabs.List
          aria-label="Leaderboards"
          className="-mx-1 flex gap-1 overflow-x-auto rounded-lg bg-muted p-1"
        >
          {tabs.map(({ value, label, icon: Icon }) => (
            <Tabs.Trigger key={value} value={value} className={tabTrigger}>
              {/* Icons give way on phones so the four tabs fit 360 px without scrolling. */}
              <Icon aria-hidden="true" className="hidden size-4 sm:block" />
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="all-time" className={tabPanel}>
          {isResolving ? (
            <RankedListSkeleton label="Loading the leaderboard" />
          ) : viewerId ? (
            <AllTimeTab viewerId={viewerId} />
          ) : (
            <SignInPrompt />
          )}
        </Tabs.Content>
        <Tabs.Content value="week" className={tabPanel}>
          {isResolving ? (
            <RankedListSkeleton label="Loading the leaderboard" />
          ) : viewerId ? (
            <WeekTab viewerId={viewerId} />
          ) : (
            <SignInPrompt />
          )}
        </Tabs.Content>
        <Tabs.Content value="friends" className={tabPanel}>
          {isResolving ? (
            <RankedListSkeleton label="Loading the leaderboard" />
          ) : viewerId ? (
            <FriendsTab viewerId={viewerId} />
          ) : (
            <SignInPrompt />
          )}
        </Tabs.Content>
        <Tabs.Content value="quizzes" className={tabPanel}>
          <QuizzesTab />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

function AllTimeTab({ viewerId }: { viewerId: string }) {
  const board = useLeaderboardTab("all-time");
  if (board.isPending) return <RankedListSkeleton label="Loading the all-time leaderboard" />;
  if (board.isError)
    return <TabError what="the all-time leaderboard" message={board.error.message} onRetry={board.refetch} />;
  const { you, players } = board.data;
  return (
    <>
      <YourPosition
        rank={you?.rank ?? null}
        score={you?.xp ?? 0}
        stat={you ? formatXp(you.xp) : null}
        scope="of all players"
      >
        {you ? null : "Your profile could not be found."}
      </YourPosition>
      <RankedList
        label="All-time leaderboard"
        players={players}
        viewerId={viewerId}
        stat={(p) => ({ label: formatXp(p.xp), value: p.xp })}
      />
    </>
  );
}

function WeekTab({ viewerId }: { viewerId: string }) {
  const board = useLeaderboardTab("week");
  if (board.isPending) return <RankedListSkeleton label="Loading this week's leaderboard" />;
  if (board.isError)
    return <TabError what="this week's leaderboard" message={board.error.message} onRetry={board.refetch} />;
  const { you, players } = board.data;
  return (
    <>
      <YourPosition
        rank={you?.rank ?? null}
        score={you?.score ?? 0}
        stat={you ? formatScore(you.score) : null}
        scope="this week"
      >
        {you ? null : (
          <>
            No score this week yet.{" "}
            <Link to="/search" className="font-medium text-primary underline-offset-4 hover:underline">
              Finish a quiz
            </Link>{" "}
            to get on the board.
          </>
        )}
      </YourPosition>
      <RankedList
        label="This week's leaderboard"
        players={players}
        viewerId={viewerId}
        stat={(p) => ({ label: formatScore(p.score), value: p.score })}
      />
    </>
  );
}

function FriendsTab({ viewerId }: { viewerId: string }) {
  const board = useLeaderboardTab("friends");
  if (board.isPending) return <RankedListSkeleton label="Loading your friends' leaderboard" />;
  if (board.isError)
    return (
      <TabError what="your friends' leaderboard" message={board.error.message} onRetry={board.refetch} />
    );
  const { players } = board.data;
  const you = players.find((p) => p.userId === viewerId);
  return (
    <>
      <YourPosition
        rank={you?.rank ?? null}
        score={you?.xp ?? 0}
        stat={you ? formatXp(you.xp) : null}
        scope="among your friends"
      >
        {null}
      </YourPosition>
      {players.length <= 1 && (
        <p className="text-sm text-muted-foreground">
          Add friends to learn together.{" "}
          <Link to="/friends" className="font-medium text-primary underline-offset-4 hover:underline">
            Find friends
          </Link>
        </p>
      )}
      <RankedList
        label="Friends leaderboard"
        players={players}
        viewerId={viewerId}
        stat={(p) => ({ label: formatXp(p.xp), value: p.xp })}
      />
    </>
  );
}

function QuizzesTab() {
  const quizzes = useLeaderboardTab("quizzes");
  if (quizzes.isPending) return <EpisodeRowsSkeleton count={3} label="Loading quizzes" />;
  if (quizzes.isError)
    return <TabError what="quizzes" message={quizzes.error.message} onRetry={quizzes.refetch} />;
  if (quizzes.data.episodes.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-border px-4 py-10 text-center text-muted-foreground">
        No entries yet. Be the first!
      </p>
    );
  return (
    <section aria-label="Quizzes to take" className="flex flex-col gap-3">
      {quizzes.data.episodes.map((episode) => (
        <EpisodeRow
          key={episode.id}
          episode={episode}
          actions={
            <Link
              to="/quiz/$episodeId"
              params={{ episodeId: episode.id }}
              aria-label={`Take quiz: ${episode.title}`}
              className={buttonVariants({ size: "sm" })}
            >
              Take quiz
            </Link>
          }
        />
      ))}
    </section>
  );
}

/** 'Your Position': the viewer's true rank in the open tab, even beyond the top 100. */
function YourPosition({
  rank,
  score,
  stat,
  scope,
  children,
}: {
  rank: number | null;
  score: number;
  stat: string | null;
  scope: string;
  children: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby="your-position-heading" className="flex items-center gap-3 p-4">
      {rank !== null && rank <= 3 && <RankBadge rank={rank} hasScore={score > 0} />}
      <div className="flex min-w-0 flex-1 flex-col">
        <h2 id="your-position-heading" className="text-sm font-medium text-muted-foreground">
          Your Position
        </h2>
        {rank !== null ? (
          <p className="text-lg font-semibold">
            <span className="tabular-nums">{formatRank(rank)}</span>{" "}
            <span className="text-sm font-normal text-muted-foreground">{scope}</span>
          </p>
        ) : (
          <p className="text-sm">{children}</p>
        )}
      </div>
      {stat && <span className="shrink-0 text-sm font-semibold tabular-nums">{stat}</span>}
    </Card>
  );
}

function SignInPrompt() {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      <h2 className="text-lg font-semibold">Sign in to see the rankings</h2>
      <p className="max-w-sm text-sm text-muted-foreground">
        See your position, this week's leaders and how you compare with your friends.
      </p>
      <Link to="/auth" search={{ redirect: "/leaderboard" }} className={buttonVariants()}>
        Sign in
      </Link>
    </Card>
  );
}

function TabError({ what, message, onRetry }: { what: string; message: string; onRetry: () => unknown }) {
  return (
    <LoadError onRetry={() => void onRetry()}>
      We couldn't load {what}. {message}
    </LoadError>
  );
}
