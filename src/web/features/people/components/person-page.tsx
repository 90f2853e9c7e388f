import { Link } from "@tanstack/react-router";
import { AtSign, BriefcaseBusiness, Globe, Home, User } from "lucide-react";
import type { PersonPage as PersonData } from "~/domain/contract/people";
import { BackButton } from "~/web/components/back-button";
import { EpisodeRow } from "~/web/components/episode-row";
import { ImageWithFallback } from "~/web/components/image-with-fallback";
import { PageFrame } from "~/web/components/page-frame";
import { Button, buttonVariants } from "~/web/components/ui/button";
import { Skeleton } from "~/web/components/ui/skeleton";
import { type PersonKind, usePerson } from "~/web/features/people/api";
import { isApiError } from "~/web/lib/api-client";
import { usePageMeta } from "~/web/lib/page-meta";

const labels: Record<PersonKind, { role: string; missing: string }> = {
  guest: { role: "Guest", missing: "Guest not found" },
  host: { role: "Host", missing: "Host not found" },
};

/** "@handle", "handle" or a profile URL → the handle without "@" and a profile URL. */
export function twitterProfile(value: string): { handle: string; url: string } | null {
  const text = value.trim();
  const fromUrl = /^(?:https?:\/\/)?(?:www\.)?(?:twitter|x)\.com\/@?([A-Za-z0-9_]{1,15})\/?$/i.exec(text);
  const handle = fromUrl?.[1] ?? /^@?([A-Za-z0-9_]{1,15})$/.exec(text)?.[1];
  return handle ? { handle, url: `https://x.com/${handle}` } : null;
}

/** Only http(s) links are rendered as links. */
function safeUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(/^[a-z]+:\/\//i.test(value) ? value : `https://${value}`);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/** /guest/{id} and /host/{id} (spec 2 §2 Guest and host pages). */
export function PersonPage({ kind, id }: { kind: PersonKind; id: string }) {
  const query = usePerson(kind, id);
  const { role, missing } = labels[kind];
  const isMissing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
  usePageMeta({
    title: query.data?.person.name ?? (isMissing ? missing : role),
    description: query.data?.person.bio ?? undefined,
  });

  if (query.isPending) {
    return (
      <PageFrame>
        <span className="sr-only" role="status">
          Loading
        </span>
        <Skeleton className="h-8 w-20" />
        <div className="flex items-center gap-4">
          <Skeleton className="size-24 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-16" />
            <Skeleton className="h-8 w-1/2" />
          </div>
        </div>
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </PageFrame>
    );
  }
  if (isMissing) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{missing}</h1>
        <p className="max-w-md text-muted-foreground">
          There is no {kind} at this address. They may have been merged or removed.
        </p>
        <Link to="/" className={buttonVariants({ className: "mt-2" })}>
          <Home aria-hidden="true" />
          Go Home
        </Link>
      </div>
    );
  }
  if (query.isError) {
    return (
      <PageFrame>
        <BackButton />
        <div role="alert" className="flex flex-col items-start gap-3 py-12">
          <h1 className="text-2xl font-semibold">Something went wrong</h1>
          <p className="text-muted-foreground">{query.error.message}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      </PageFrame>
    );
  }
  return <PersonContent kind={kind} data={query.data} />;
}

const linkClass = buttonVariants({ variant: "outline", size: "sm" });

function PersonContent({ kind, data }: { kind: PersonKind; data: PersonData }) {
  const { person, episodes } = data;
  const website = safeUrl(person.websiteUrl);
  const twitter = person.twitterHandle ? twitterProfile(person.twitterHandle) : null;
  const linkedin = safeUrl(person.linkedinUrl);
  return (
    <PageFrame>
      <BackButton />
      <header className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <ImageWithFallback
          src={person.avatarUrl}
          alt={person.name}
          icon={User}
          iconClassName="size-8"
          className="size-20 rounded-full shadow-sm sm:size-24"
        />
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {labels[kind].role}
          </p>
          <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">{person.name}</h1>
        </div>
      </header>
      {person.bio && (
        <p className="max-w-prose leading-relaxed text-pretty text-foreground/90">{person.bio}</p>
      )}
      {(website || twitter || linkedin) && (
        <ul aria-label="Links" className="flex flex-wrap gap-2">
          {website && (
            <li>
              <a href={website} target="_blank" rel="noopener noreferrer" className={linkClass}>
                <Globe aria-hidden="true" />
                Website
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          )}
          {twitter && (
            <li>
              <a href={twitter.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
                <AtSign aria-hidden="true" />
                {twitter.handle}
                <span className="sr-only"> on X (Twitter), opens in a new tab</span>
              </a>
            </li>
          )}
          {linkedin && (
            <li>
              <a href={linkedin} target="_blank" rel="noopener noreferrer" className={linkClass}>
                <BriefcaseBusiness aria-hidden="true" />
                LinkedIn
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          )}
        </ul>
      )}
      <section aria-labelledby="person-episodes" className="flex flex-col gap-3">
        <h2 id="person-episodes" className="text-lg font-semibold">
          Episodes <span className="text-sm font-normal text-muted-foreground">({episodes.length})</span>
        </h2>
        {episodes.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border px-6 py-10 text-center text-sm text-muted-foreground">
            No episodes yet.
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {episodes.map((episode) => (
              <li key={episode.id}>
                <EpisodeRow episode={episode} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </PageFrame>
  );
}
