import { Link, useNavigate } from "@tanstack/react-router";
import { CircleCheck, Home, LinkIcon, TriangleAlert } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import type { InvitePreview } from "~/domain/contract/social";
import { INVITE_REDIRECT_DELAY_MS, socialNotices } from "~/domain/social";
import { Button, buttonVariants } from "~/web/components/ui/button";
import { Card } from "~/web/components/ui/card";
import { Skeleton } from "~/web/components/ui/skeleton";
import { Spinner } from "~/web/components/ui/spinner";
import { notify } from "~/web/components/ui/toaster";
import { useAcceptInvite, useInvite } from "~/web/features/social/api";
import { isApiError } from "~/web/lib/api-client";
import { usePageMeta } from "~/web/lib/page-meta";
import { useSession } from "~/web/lib/session";
import { UserAvatar } from "./user-avatar";

const isInvalid = (error: unknown) => isApiError(error) && [400, 404].includes(error.status);

/**
 * The visitor pressed "Sign in to accept": kept in this tab's session storage, not in the URL, so a
 * link someone else crafted can never make a signed-in user accept without pressing Accept.
 */
const ACCEPT_INTENT_KEY = "earmark.acceptInviteAfterSignIn";

function rememberAcceptIntent(token: string): void {
  try {
    sessionStorage.setItem(ACCEPT_INTENT_KEY, token);
  } catch {
    // Storage can be unavailable (privacy modes): the visitor presses Accept after signing in.
  }
}

function takeAcceptIntent(token: string): boolean {
  try {
    if (sessionStorage.getItem(ACCEPT_INTENT_KEY) !== token) return false;
    sessionStorage.removeItem(ACCEPT_INTENT_KEY);
    return true;
  } catch {
    return false;
  }
}

/**
 * /invite/{token} (spec 3 §2 Invite acceptance): loading, invalid, ready, accepting, accepted, error.
 * Anyone may look; accepting needs an account, so a signed-out visitor goes to /auth, which brings them
 * back here — and then the invite is accepted without a second click.
 */
export function InvitePage({ token }: { token: string }) {
  usePageMeta({ title: "Invite", description: "Accept a friend's invitation to learn together on Earmark." });
  const invite = useInvite(token);
  const accept = useAcceptInvite();
  const { user, isResolving } = useSession();
  const navigate = useNavigate();

  const isOwnInvite = Boolean(user && invite.data && invite.data.inviter.userId === user.id);
  const canAccept = Boolean(user && invite.data && !isOwnInvite);
  const acceptInvite = () =>
    accept.mutate(token, {
      onSuccess: () => notify.success("Invite accepted", "You are now friends."),
    });

  // Back from signing in: accept once, as the visitor asked before they signed in.
  const hasAutoAccepted = useRef(false);
  useEffect(() => {
    if (!canAccept || hasAutoAccepted.current) return;
    hasAutoAccepted.current = true;
    if (takeAcceptIntent(token))
      accept.mutate(token, { onSuccess: () => notify.success("Invite accepted", "You are now friends.") });
  }, [canAccept, accept, token]);

  // Accepted: on to /friends after a moment to read the confirmation.
  useEffect(() => {
    if (!accept.isSuccess) return;
    const timer = setTimeout(() => void navigate({ to: "/friends" }), INVITE_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [accept.isSuccess, navigate]);

  let content: ReactNode;
  if (invite.isPending && !accept.isSuccess) content = <InviteSkeleton />;
  else if ((invite.isError && isInvalid(invite.error)) || (accept.isError && isInvalid(accept.error)))
    content = <InvalidInvite />;
  else if (invite.isError)
    content = (
      <Outcome
        icon={<TriangleAlert aria-hidden="true" className="size-6" />}
        title={socialNotices.inviteLoadFailed}
      >
        <p className="text-sm text-muted-foreground">{invite.error.message}</p>
        <Button variant="outline" onClick={() => void invite.refetch()}>
          Try again
        </Button>
      </Outcome>
    );
  else if (accept.isSuccess)
    content = (
      <Outcome
        icon={<CircleCheck aria-hidden="true" className="size-6" />}
        title={`You and ${invite.data?.inviter.name || "your friend"} are now friends`}
        role="status"
      >
        <p className="text-sm text-muted-foreground">Taking you to your friends…</p>
      </Outcome>
    );
  else if (invite.data)
    content = (
      <ReadyInvite invite={invite.data}>
        {accept.isError ? (
          <div role="alert" className="flex flex-col items-center gap-2">
            <p className="font-medium text-destructive">{socialNotices.inviteAcceptFailed}</p>
            <p className="text-sm text-muted-foreground">{accept.error.message}</p>
          </div>
        ) : null}
        {isResolving ? (
          <Skeleton className="h-10 w-40" />
        ) : isOwnInvite ? (
          <>
            <p className="text-sm text-muted-foreground">{socialNotices.ownInvite}</p>
            <Link to="/friends" className={buttonVariants({ variant: "outline" })}>
              Go to your friends
            </Link>
          </>
        ) : user ? (
          <Button onClick={acceptInvite} disabled={accept.isPending} size="lg">
            {accept.isPending && <Spinner />}
            {accept.isPending ? "Accepting…" : accept.isError ? "Try again" : "Accept invite"}
          </Button>
        ) : (
          <>
            <Link
              to="/auth"
              search={{ redirect: `/invite/${token}` }}
              onClick={() => rememberAcceptIntent(token)}
              className={buttonVariants({ size: "lg" })}
            >
              Sign in to accept
            </Link>
            <p className="text-sm text-muted-foreground">New to Earmark? You can create an account there.</p>
          </>
        )}
      </ReadyInvite>
    );

  return (
    <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center px-4 py-10">
      <Card className="flex flex-col items-center gap-4 px-6 py-10 text-center">{content}</Card>
    </div>
  );
}

function ReadyInvite({ invite, children }: { invite: InvitePreview; children: ReactNode }) {
  const name = invite.inviter.name || "A friend";
  return (
    <>
      <UserAvatar src={invite.inviter.avatarUrl} className="size-20" />
      <h1 className="text-2xl font-semibold tracking-tight">{name} invited you to learn together</h1>
      <p className="text-sm text-muted-foreground">
        Accept to become friends on Earmark: see each other's progress and learn side by side.
      </p>
      {children}
    </>
  );
}

function InvalidInvite() {
  return (
    <Outcome icon={<LinkIcon aria-hidden="true" className="size-6" />} title={socialNotices.inviteInvalid}>
      <p className="text-sm text-muted-foreground">{socialNotices.inviteInvalidHint}</p>
      <Link to="/" className={buttonVariants({ variant: "outline" })}>
        <Home aria-hidden="true" />
        Go to Home
      </Link>
    </Outcome>
  );
}

function Outcome({
  icon,
  title,
  role,
  children,
}: {
  icon: ReactNode;
  title: string;
  role?: "status";
  children?: ReactNode;
}) {
  return (
    <div role={role} className="flex flex-col items-center gap-3">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-secondary text-primary">
        {icon}
      </span>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}

function InviteSkeleton() {
  return (
    <div role="status" aria-label="Loading invite" className="flex flex-col items-center gap-3">
      <Skeleton className="size-20 rounded-full" />
      <Skeleton className="h-7 w-56" />
      <Skeleton className="h-4 w-64" />
      <Skeleton className="h-10 w-40" />
    </div>
  );
}
