import { Check, Copy, Link2, Share2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import type { CreatedInvite } from "~/domain/contract/social";
import { Button } from "~/web/components/ui/button";
import { Input } from "~/web/components/ui/input";
import { notify } from "~/web/components/ui/toaster";
import { useCreateInvite } from "~/web/features/social/api";
import { formatDate } from "~/web/lib/format";

const COPIED_MS = 2000;

const canShare = () => typeof navigator !== "undefined" && typeof navigator.share === "function";

/** The Invite tab: create a single-use link, then copy or share it. */
export function InvitePanel() {
  const create = useCreateInvite();
  const [invite, setInvite] = useState<CreatedInvite | null>(null);

  const createLink = () =>
    create.mutate(undefined, {
      onSuccess: (created) => {
        setInvite(created);
        notify.success("Invite link created", "Copy it or share it with a friend.");
      },
      onError: (error) => notify.error("Could not create an invite link", error.message),
    });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold">Invite a friend</h2>
        <p className="text-sm text-muted-foreground">
          Each link can be used once and works for 30 days. When your friend opens it and signs in, you become
          friends.
        </p>
      </div>
      {invite ? (
        <InviteLink invite={invite} onCreateAnother={createLink} isCreating={create.isPending} />
      ) : (
        <Button className="self-start" onClick={createLink} disabled={create.isPending}>
          <Link2 aria-hidden="true" />
          {create.isPending ? "Creating link…" : "Create invite link"}
        </Button>
      )}
    </div>
  );
}

function InviteLink({
  invite,
  onCreateAnother,
  isCreating,
}: {
  invite: CreatedInvite;
  onCreateAnother: () => void;
  isCreating: boolean;
}) {
  const inputId = useId();
  const url = `${window.location.origin}${invite.path}`;
  const [copiedUrl, setCopiedUrl] = useState<string | null>(null);
  const isCopied = copiedUrl === url;

  useEffect(() => {
    if (!copiedUrl) return;
    const timer = setTimeout(() => setCopiedUrl(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copiedUrl]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopiedUrl(url);
      notify.success("Invite link copied", "Paste it into a message to your friend.");
    } catch {
      notify.error("Could not copy the link", "Select the link and copy it yourself.");
    }
  };

  const share = async () => {
    try {
      await navigator.share({ title: "Learn together on Earmark", text: "Join me on Earmark", url });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (error instanceof DOMException && error.name === "AbortError") return;
      notify.error("Could not share the link", "Copy it instead.");
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={inputId} className="text-sm font-medium">
        Your invite link
      </label>
      <Input
        id={inputId}
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
        className="font-mono text-xs"
      />
      <p className="text-xs text-muted-foreground">Expires {formatDate(invite.expiresAt)}.</p>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void copy()}>
          {isCopied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {isCopied ? "Copied" : "Copy link"}
        </Button>
        {canShare() && (
          <Button variant="outline" onClick={() => void share()}>
            <Share2 aria-hidden="true" />
            Share
          </Button>
        )}
        <Button variant="ghost" onClick={onCreateAnother} disabled={isCreating}>
          New link
        </Button>
      </div>
    </div>
  );
}
