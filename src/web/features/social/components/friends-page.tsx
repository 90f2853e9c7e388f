import { Inbox, Link2, Send, UserMinus, Users } from "lucide-react";
import { Tabs } from "radix-ui";
import { socialNotices } from "~/domain/social";
import { LoadError } from "~/web/components/load-error";
import { Button } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { notify } from "~/web/components/ui/toaster";
import {
  useAcceptFriendRequest,
  useDeclineFriendRequest,
  useFriendRequests,
  useFriends,
  useRemoveFriend,
} from "~/web/features/social/api";
import { formatDate } from "~/web/lib/format";
import { usePageMeta } from "~/web/lib/page-meta";
import { InvitePanel } from "./invite-panel";
import { PlayerSearch } from "./player-search";
import { displayName, EmptyState, UserRow, UserRowsSkeleton } from "./user-row";

const tabTrigger =
  "inline-flex flex-1 shrink-0 items-center justify-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors outline-none " +
  "hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm";

const tabPanel =
  "rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-4 focus-visible:ring-offset-background";

const countBadge = "rounded-full bg-primary px-1.5 text-xs leading-5 font-semibold text-primary-foreground";

/** /friends (spec 3 §2 Friends): 'Learn Together' — the player search and the Friends, Requests and Invite tabs. */
export function FriendsPage() {
  usePageMeta({
    title: "Learn Together",
    description: "Find friends, answer their requests and invite people to learn together with you.",
  });
  const friends = useFriends();
  const requests = useFriendRequests();
  const friendCount = friends.data?.count;
  const requestCount = requests.data?.incomingCount ?? 0;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold tracking-tight">Learn Together</h1>
        <p className="text-muted-foreground">
          Learning sticks better with friends. Find them, or invite them.
        </p>
      </header>

      <Card className="p-4 sm:p-5">
        <PlayerSearch />
      </Card>

      <Tabs.Root defaultValue="friends" className="flex flex-col gap-4">
        <Tabs.List aria-label="Friends" className="-mx-1 flex gap-1 overflow-x-auto rounded-lg bg-muted p-1">
          <Tabs.Trigger value="friends" className={tabTrigger}>
            <Users aria-hidden="true" className="size-4" />
            Friends{friendCount !== undefined && " "}
            {friendCount !== undefined && <span className="tabular-nums">({friendCount})</span>}
          </Tabs.Trigger>
          <Tabs.Trigger value="requests" className={tabTrigger}>
            <Inbox aria-hidden="true" className="size-4" />
            Requests{requestCount > 0 && " "}
            {requestCount > 0 && <span className={countBadge}>{requestCount}</span>}
          </Tabs.Trigger>
          <Tabs.Trigger value="invite" className={tabTrigger}>
            <Link2 aria-hidden="true" className="size-4" />
            Invite
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="friends" className={tabPanel}>
          <FriendsTab />
        </Tabs.Content>
        <Tabs.Content value="requests" className={tabPanel}>
          <RequestsTab />
        </Tabs.Content>
        <Tabs.Content value="invite" className={tabPanel}>
          <Card className="p-4 sm:p-5">
            <InvitePanel />
          </Card>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

function FriendsTab() {
  const friends = useFriends();
  const remove = useRemoveFriend();
  if (friends.isPending) return <UserRowsSkeleton count={3} label="Loading friends" />;
  if (friends.isError)
    return (
      <LoadError onRetry={() => void friends.refetch()}>
        We couldn't load your friends. {friends.error.message}
      </LoadError>
    );
  if (friends.data.items.length === 0)
    return (
      <EmptyState icon={<Users aria-hidden="true" className="size-5" />} title={socialNotices.noFriends}>
        Search for players above, or send an invite link from the Invite tab.
      </EmptyState>
    );
  return (
    <ul aria-label="Your friends" className="flex flex-col gap-2">
      {friends.data.items.map(({ user, since }) => {
        const name = displayName(user);
        return (
          <UserRow key={user.userId} user={user} detail={` · Friends since ${formatDate(since)}`}>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Remove ${name} from your friends`}
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(user.userId, {
                  onSuccess: () => notify.success("Friend removed", `You and ${name} are no longer friends.`),
                  onError: (error) => notify.error("Could not remove the friend", error.message),
                })
              }
            >
              <UserMinus aria-hidden="true" />
              Remove
            </Button>
          </UserRow>
        );
      })}
    </ul>
  );
}

function RequestsTab() {
  const requests = useFriendRequests();
  const accept = useAcceptFriendRequest();
  const decline = useDeclineFriendRequest();
  const withdraw = useRemoveFriend();
  const isBusy = accept.isPending || decline.isPending || withdraw.isPending;

  if (requests.isPending) return <UserRowsSkeleton count={2} label="Loading friend requests" />;
  if (requests.isError)
    return (
      <LoadError onRetry={() => void requests.refetch()}>
        We couldn't load your friend requests. {requests.error.message}
      </LoadError>
    );
  const { incoming, outgoing } = requests.data;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="incoming-requests-heading" className="flex flex-col gap-2">
        <h2 id="incoming-requests-heading" className="text-base font-semibold">
          Requests to you
        </h2>
        {incoming.length === 0 ? (
          <EmptyState
            icon={<Inbox aria-hidden="true" className="size-5" />}
            title={socialNotices.noRequests}
          />
        ) : (
          <ul aria-label="Requests to you" className="flex flex-col gap-2">
            {incoming.map(({ user, requestedAt }) => {
              const name = displayName(user);
              return (
                <UserRow key={user.userId} user={user} detail={` · Sent ${formatDate(requestedAt)}`}>
                  <Button
                    size="sm"
                    aria-label={`Accept ${name}'s friend request`}
                    disabled={isBusy}
                    onClick={() =>
                      accept.mutate(user.userId, {
                        onSuccess: () => notify.success("Friend added", `You and ${name} are now friends.`),
                        onError: (error) => notify.error("Could not accept the request", error.message),
                      })
                    }
                  >
                    Accept
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Decline ${name}'s friend request`}
                    disabled={isBusy}
                    onClick={() =>
                      decline.mutate(user.userId, {
                        onSuccess: () => notify.info("Request declined", `${name}'s request was removed.`),
                        onError: (error) => notify.error("Could not decline the request", error.message),
                      })
                    }
                  >
                    Decline
                  </Button>
                </UserRow>
              );
            })}
          </ul>
        )}
      </section>
      {outgoing.length > 0 && (
        <section aria-labelledby="outgoing-requests-heading" className="flex flex-col gap-2">
          <h2 id="outgoing-requests-heading" className="text-base font-semibold">
            Sent by you
          </h2>
          <ul aria-label="Sent by you" className="flex flex-col gap-2">
            {outgoing.map(({ user }) => {
              const name = displayName(user);
              return (
                <UserRow key={user.userId} user={user} detail=" · Waiting for an answer">
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Cancel your request to ${name}`}
                    disabled={isBusy}
                    onClick={() =>
                      withdraw.mutate(user.userId, {
                        onSuccess: () =>
                          notify.info("Request cancelled", `Your request to ${name} was withdrawn.`),
                        onError: (error) => notify.error("Could not cancel the request", error.message),
                      })
                    }
                  >
                    <Send aria-hidden="true" />
                    Cancel
                  </Button>
                </UserRow>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}
