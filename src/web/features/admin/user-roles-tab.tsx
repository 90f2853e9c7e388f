import { Search } from "lucide-react";
import { useId, useState } from "react";
import type { AdminUser, UserRoleName } from "~/domain/contract/admin";
import { LoadError } from "~/web/components/load-error";
import { Button } from "~/web/components/ui/button";
import { Input } from "~/web/components/ui/input";
import { Label } from "~/web/components/ui/label";
import { Skeleton } from "~/web/components/ui/skeleton";
import { notify } from "~/web/components/ui/toaster";
import { formatDate } from "~/web/lib/format";
import { useDebouncedValue } from "~/web/lib/use-debounced-value";
import { useAdminUsers, useChangeRole, useRoleAudit } from "./api";
import { CursorPager, useCursorPages } from "./cursor-pager";
import { errorText } from "./job-control";

/** User Roles (spec 3 §2, §6): users with their roles, searchable and paged, role changes and the audit log. */
export function UserRolesTab() {
  const id = useId();
  const [text, setText] = useState("");
  // The search waits for typing to pause, and starts again from the first page.
  const q = useDebouncedValue(text.trim(), 300);
  const pages = useCursorPages(q);
  const users = useAdminUsers(q, pages.cursor);
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="lab-users" className="flex flex-col gap-3">
        <h2 id="lab-users" className="text-lg font-semibold">
          Users
        </h2>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-search`}>Search users</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={`${id}-search`}
              type="search"
              className="pl-9"
              placeholder="Name, handle or e-mail address"
              maxLength={100}
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
        </div>
        {users.isPending ? (
          <Skeleton className="h-64" />
        ) : users.isError ? (
          <LoadError onRetry={() => void users.refetch()}>Error loading users</LoadError>
        ) : users.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No users match "{q}".</p>
        ) : (
          <ul
            aria-label="Users"
            className="flex flex-col divide-y divide-border rounded-xl border border-border"
          >
            {users.data.items.map((user) => (
              <UserRow key={user.userId} user={user} />
            ))}
          </ul>
        )}
        <CursorPager pages={pages} nextCursor={users.data?.nextCursor} />
      </section>
      <AuditLog />
    </div>
  );
}

const ROLE_LABELS: Record<UserRoleName, string> = { admin: "Admin", premium: "Premium" };

function UserRow({ user }: { user: AdminUser }) {
  const changeRole = useChangeRole();
  const change = (role: UserRoleName, action: "grant" | "revoke") =>
    changeRole.mutate(
      { userId: user.userId, role, action },
      {
        onSuccess: () =>
          notify.success(
            `${ROLE_LABELS[role]} ${action === "grant" ? "granted" : "revoked"}`,
            `${user.name} ${action === "grant" ? "is now" : "is no longer"} ${role === "admin" ? "an admin" : "premium"}.`,
          ),
        onError: (error) =>
          notify.error("Could not change the role", errorText(error, "Error loading users")),
      },
    );
  const isAdmin = user.roles.includes("admin");
  const isPremium = user.roles.includes("premium");
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-medium">{user.name}</span>
        <span className="truncate text-xs text-muted-foreground">
          {user.handle ? `@${user.handle}` : "No handle"} · joined {formatDate(user.createdAt)}
        </span>
        <span className="text-xs">
          {user.roles.length ? user.roles.map((role) => ROLE_LABELS[role]).join(", ") : "Learner"}
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant={isAdmin ? "outline" : "secondary"}
          size="sm"
          disabled={changeRole.isPending}
          aria-label={`${isAdmin ? "Revoke Admin from" : "Make Admin:"} ${user.name}`}
          onClick={() => change("admin", isAdmin ? "revoke" : "grant")}
        >
          {isAdmin ? "Revoke Admin" : "Make Admin"}
        </Button>
        <Button
          variant={isPremium ? "outline" : "secondary"}
          size="sm"
          disabled={changeRole.isPending}
          aria-label={`${isPremium ? "Revoke Premium from" : "Grant Premium to"} ${user.name}`}
          onClick={() => change("premium", isPremium ? "revoke" : "grant")}
        >
          {isPremium ? "Revoke Premium" : "Grant Premium"}
        </Button>
      </div>
    </li>
  );
}

function AuditLog() {
  const audit = useRoleAudit();
  return (
    <section aria-labelledby="lab-audit" className="flex flex-col gap-3">
      <h2 id="lab-audit" className="text-lg font-semibold">
        Role changes
      </h2>
      {audit.isPending ? (
        <Skeleton className="h-32" />
      ) : audit.isError ? (
        <LoadError onRetry={() => void audit.refetch()}>{audit.error.message}</LoadError>
      ) : audit.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No role has been changed yet.</p>
      ) : (
        <ol aria-label="Role changes" className="flex flex-col gap-1 text-sm">
          {audit.data.items.map((entry) => (
            <li key={entry.id}>
              <time dateTime={entry.createdAt} className="text-muted-foreground">
                {new Date(entry.createdAt).toLocaleString("en-US", {
                  month: "short",
                  day: "numeric",
                  hour: "numeric",
                  minute: "2-digit",
                })}
              </time>{" "}
              {entry.actor.name} {entry.action === "grant" ? "granted" : "revoked"} {ROLE_LABELS[entry.role]}{" "}
              {entry.action === "grant" ? "to" : "from"} {entry.target.name}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
