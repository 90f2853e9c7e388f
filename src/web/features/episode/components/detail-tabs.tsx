import { Link } from "@tanstack/react-router";
import { ExternalLink, Play, User } from "lucide-react";
import type { EpisodeDetail, Person } from "~/domain/contract/episodes";
import { formatTime } from "~/domain/time";
import { ImageWithFallback } from "~/web/components/image-with-fallback";
import type { EpisodePlayback } from "~/web/features/episode/use-episode-playback";
import { cn } from "~/web/lib/cn";
import { TabEmpty } from "./tab-empty";

/** Index of the last item starting at or before `time` (items sorted by start), or -1. */
export function activeIndex<T>(items: readonly T[], start: (item: T) => number, time: number | null): number {
  if (time === null || !items.length) return -1;
  let low = 0;
  let high = items.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (start(items[middle] as T) <= time + 0.05) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** Chapters (m:ss, h:mm:ss past an hour); each starts playback there; the current one is marked. */
export function ChaptersTab({ episode, playback }: { episode: EpisodeDetail; playback: EpisodePlayback }) {
  if (!episode.chapters.length) {
    return <TabEmpty title="No chapters" description="This episode has no chapters yet." />;
  }
  const current = activeIndex(episode.chapters, (chapter) => chapter.startTime, playback.currentTime);
  return (
    <ol aria-label="Chapters" className="flex flex-col gap-1.5">
      {episode.chapters.map((chapter, index) => {
        const time = formatTime(chapter.startTime);
        const isCurrent = index === current;
        const content = (
          <>
            <span className="w-16 shrink-0 font-mono text-sm text-muted-foreground tabular-nums">{time}</span>
            <span className="min-w-0 flex-1 text-sm font-medium">{chapter.title}</span>
            {playback.playable && (
              <Play
                aria-hidden="true"
                className="size-4 shrink-0 text-muted-foreground group-hover:text-primary"
              />
            )}
          </>
        );
        const className = cn(
          "group flex w-full items-center gap-3 rounded-lg border px-3 py-2.5 text-left transition-colors",
          isCurrent ? "border-primary bg-secondary/70" : "border-border bg-card",
        );
        return (
          <li key={`${chapter.startTime}-${chapter.title}`} aria-current={isCurrent ? "time" : undefined}>
            {playback.playable ? (
              <button
                type="button"
                onClick={() => playback.playFrom(chapter.startTime)}
                aria-label={`Play chapter ${chapter.title} from ${time}`}
                className={cn(
                  className,
                  "outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring",
                )}
              >
                {content}
              </button>
            ) : (
              <div className={className}>{content}</div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

function PersonCard({ person, kind }: { person: Person; kind: "guest" | "host" }) {
  return (
    <li>
      <article className="relative flex items-center gap-3 rounded-xl border border-border bg-card p-3 shadow-sm focus-within:ring-2 focus-within:ring-ring hover:bg-muted/50">
        {/* The name is right next to it, so the picture itself is decorative. */}
        <ImageWithFallback
          src={person.avatarUrl}
          loading="lazy"
          icon={User}
          iconClassName="size-5"
          className="size-12 rounded-full"
        />
        <div className="flex min-w-0 flex-col">
          <h3 className="truncate font-medium">
            {kind === "guest" ? (
              <Link
                to="/guest/$guestId"
                params={{ guestId: person.id }}
                className="outline-none after:absolute after:inset-0 after:content-['']"
              >
                {person.name}
              </Link>
            ) : (
              <Link
                to="/host/$hostId"
                params={{ hostId: person.id }}
                className="outline-none after:absolute after:inset-0 after:content-['']"
              >
                {person.name}
              </Link>
            )}
          </h3>
          <p className="text-xs text-muted-foreground capitalize">{kind}</p>
          {person.bio && <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{person.bio}</p>}
        </div>
      </article>
    </li>
  );
}

/** People: the episode's guests, then its hosts, each opening their page. */
export function PeopleTab({ episode }: { episode: EpisodeDetail }) {
  if (!episode.guests.length && !episode.hosts.length) {
    return (
      <TabEmpty title="No people listed" description="No guests or hosts are known for this episode yet." />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {episode.guests.length > 0 && (
        <section aria-labelledby="guests-heading" className="flex flex-col gap-3">
          <h2 id="guests-heading" className="text-lg font-semibold">
            {episode.guests.length === 1 ? "Guest" : "Guests"}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {episode.guests.map((person) => (
              <PersonCard key={person.id} person={person} kind="guest" />
            ))}
          </ul>
        </section>
      )}
      {episode.hosts.length > 0 && (
        <section aria-labelledby="hosts-heading" className="flex flex-col gap-3">
          <h2 id="hosts-heading" className="text-lg font-semibold">
            {episode.hosts.length === 1 ? "Host" : "Hosts"}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {episode.hosts.map((person) => (
              <PersonCard key={person.id} person={person} kind="host" />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}

/** Show notes: the episode's links, opening in a new tab. */
export function ShowNotesTab({ episode }: { episode: EpisodeDetail }) {
  if (!episode.links.length) {
    return <TabEmpty title="No show notes" description="This episode has no links in its show notes." />;
  }
  return (
    <ul aria-label="Show notes" className="flex flex-col gap-2">
      {episode.links.map((link) => (
        <li key={link.url}>
          <a
            href={link.url}
            target="_blank"
            rel="noopener noreferrer"
            className="group flex items-start gap-3 rounded-lg border border-border bg-card px-3 py-2.5 transition-colors outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ExternalLink aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
            <span className="flex min-w-0 flex-col">
              <span className="text-sm font-medium break-words group-hover:underline">
                {link.title || hostOf(link.url)}
              </span>
              <span className="truncate text-xs text-muted-foreground">{hostOf(link.url)}</span>
            </span>
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
