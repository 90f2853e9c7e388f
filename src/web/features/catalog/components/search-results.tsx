import { Link } from "@tanstack/react-router";
import { Podcast, User } from "lucide-react";
import type { SearchEpisode, SearchPerson, SearchPodcast } from "~/domain/contract/catalog";
import { ImageWithFallback } from "~/web/components/image-with-fallback";
import { TimecodeButton } from "~/web/components/timecode-button";
import { playEpisode } from "~/web/lib/player/engine";
import { toPlayableEpisode } from "~/web/lib/player/playable";

/**
 * The transcript line that matched, quoted, with the second it starts at; the timecode starts the
 * global player there (plain text when the episode has no audio the player can play).
 */
export function TranscriptMatchLine({ episode }: { episode: SearchEpisode }) {
  const line = episode.transcriptMatch;
  if (!line) return null;
  const playable = toPlayableEpisode({
    ...episode,
    podcast: { id: episode.podcastId, name: episode.podcastName },
  });
  return (
    // Above the card's full-size link, so the timecode gets the click.
    <div className="relative z-10 flex items-start gap-2">
      <TimecodeButton
        seconds={line.startSeconds}
        onPlay={playable ? (seconds) => void playEpisode(playable, { startAt: seconds }) : null}
        label={episode.title}
      />
      <blockquote className="line-clamp-3 min-w-0 text-xs text-muted-foreground italic">
        <span className="sr-only">Said in the episode: </span>…{line.text.replace(/[.!?…]+$/u, "")}…
      </blockquote>
    </div>
  );
}

const rowClass =
  "flex items-center gap-3 rounded-xl border border-border bg-card p-3 text-card-foreground shadow-xs outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring";

function PodcastRow({ podcast }: { podcast: SearchPodcast }) {
  return (
    <Link to="/podcast/$id" params={{ id: podcast.id }} className={rowClass}>
      <ImageWithFallback src={podcast.coverUrl} icon={Podcast} className="size-12 rounded-lg object-cover" />
      <span className="min-w-0">
        <span className="block truncate font-medium">{podcast.name}</span>
        <span className="block truncate text-xs text-muted-foreground">
          Podcast{podcast.author ? ` · ${podcast.author}` : ""}
        </span>
      </span>
    </Link>
  );
}

function PersonRow({ person }: { person: SearchPerson }) {
  const meta = (
    <>
      <ImageWithFallback src={person.avatarUrl} icon={User} className="size-12 rounded-full object-cover" />
      <span className="min-w-0">
        <span className="block truncate font-medium">{person.name}</span>
        <span className="block truncate text-xs text-muted-foreground">
          {person.kind === "host" ? "Host" : "Guest"} · {person.episodeCount}{" "}
          {person.episodeCount === 1 ? "episode" : "episodes"}
        </span>
      </span>
    </>
  );
  return person.kind === "host" ? (
    <Link to="/host/$hostId" params={{ hostId: person.id }} className={rowClass}>
      {meta}
    </Link>
  ) : (
    <Link to="/guest/$guestId" params={{ guestId: person.id }} className={rowClass}>
      {meta}
    </Link>
  );
}

/** Podcasts and people whose names match, as their own rows above the episodes. */
export function PodcastAndPeopleRows({
  podcasts,
  people,
}: {
  podcasts: SearchPodcast[];
  people: SearchPerson[];
}) {
  if (!podcasts.length && !people.length) return null;
  return (
    <section aria-labelledby="shows-people-heading" className="mt-8">
      <h2 id="shows-people-heading" className="text-sm font-medium text-muted-foreground">
        Podcasts and people
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {podcasts.map((podcast) => (
          <li key={`podcast-${podcast.id}`}>
            <PodcastRow podcast={podcast} />
          </li>
        ))}
        {people.map((person) => (
          <li key={`${person.kind}-${person.id}`}>
            <PersonRow person={person} />
          </li>
        ))}
      </ul>
    </section>
  );
}
