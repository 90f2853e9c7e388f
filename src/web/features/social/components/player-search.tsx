import { Check, Search, UserPlus } from "lucide-react";
import { useEffect, useId, useState } from "react";
import type { FriendRelation, SocialUser } from "~/domain/contract/social";
import { FRIEND_SEARCH_MAX_LENGTH, socialNotices } from "~/domain/social";
import { Button } from "~/web/components/ui/button";
import { Input } from "~/web/components/ui/input";
import { notify } from "~/web/components/ui/toaster";
import { useAcceptFriendRequest, usePlayerSearch, useSendFriendRequest } from "~/web/features/social/api";
import { displayName, EmptyState, UserRow, UserRowsSkeleton } from "./user-row";

const SEARCH_DELAY_MS = 250;

/** The text after typing pauses, so each keystroke does not send a search. */
function useSettledText(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/** Find players by name or handle and send them a friend request (spec 3 §2 Friends, §8). */
export function PlayerSearch() {
  const inputId = useId();
  const [text, setText] = useState("");
  const settled = useSettledText(text);
  const search = usePlayerSearch(settled);
  const hasText = settled.trim().length > 0;

  return (
    <section aria-labelledby={`${inputId}-heading`} className="flex flex-col gap-3">
      <h2 id={`${inputId}-heading`} className="text-lg font-semibold">
        Find players
      </h2>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <label htmlFor={inputId} className="sr-only">
          Search players by name or handle
        </label>
        <Input
          id={inputId}
          type="search"
          value={text}
          maxLength={FRIEND_SEARCH_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search players by name or handle"
          autoComplete="off"
          className="pl-9"
        />
      </div>
      {hasText && (
        <div aria-live="polite" aria-busy={search.isFetching}>
          {search.isPending ? (
            <UserRowsSkeleton count={3} label="Searching players" />
          ) : search.isError ? (
            <p role="alert" className="text-sm text-destructive">
              The search failed. {search.error.message}
            </p>
          ) : search.data.items.length === 0 ? (
            <EmptyState
              icon={<Search aria-hidden="true" className="size-5" />}
              title={socialNotices.noSearchResults}
            />
          ) : (
            <ul aria-label="Players found" className="flex flex-col gap-2">
              {search.data.items.map(({ user, relation }) => (
                <UserRow key={user.userId} user={user}>
                  <RelationAction user={user} relation={relation} />
                </UserRow>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

function RelationAction({ user, relation }: { user: SocialUser; relation: FriendRelation }) {
  const send = useSendFriendRequest();
  const accept = useAcceptFriendRequest();
  const name = displayName(user);

  if (relation === "friends")
    return (
      <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
        <Check aria-hidden="true" className="size-4" /> Friends
      </span>
    );
  if (relation === "requested") return <span className="text-sm text-muted-foreground">Request sent</span>;
  if (relation === "incoming")
    return (
      <Button
        size="sm"
        disabled={accept.isPending}
        aria-label={`Accept ${name}'s friend request`}
        onClick={() =>
          accept.mutate(user.userId, {
            onSuccess: () => notify.success("Friend added", `You and ${name} are now friends.`),
            onError: (error) => notify.error("Could not accept the request", error.message),
          })
        }
      >
        Accept
      </Button>
    );
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={send.isPending}
      aria-label={`Add ${name} as a friend`}
      onClick={() =>
        send.mutate(user.userId, {
          onSuccess: (result) =>
            result.status === "accepted"
              ? notify.success("Friend added", `${name} had asked you too, so you are now friends.`)
              : notify.success("Friend request sent", `${name} will see it under Requests.`),
          onError: (error) => notify.error("Could not send the request", error.message),
        })
      }
    >
      <UserPlus aria-hidden="true" />
      Add friend
    </Button>
  );
}
