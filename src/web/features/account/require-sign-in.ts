import type { QueryClient } from "@tanstack/react-query";
import { redirect } from "@tanstack/react-router";
import { sessionQueryOptions } from "~/web/lib/session";

/**
 * A route's beforeLoad for screens that need an account (spec 2 §2 Review: signed-out users go to
 * /auth): without a session the router goes to /auth, which returns here after signing in. A
 * session that cannot be loaded counts as signed out.
 */
export async function requireSignIn({
  context,
  location,
}: {
  context: { queryClient: QueryClient };
  location: { href: string };
}): Promise<void> {
  const session = await context.queryClient.ensureQueryData(sessionQueryOptions).catch(() => null);
  if (!session?.user) throw redirect({ to: "/auth", search: { redirect: location.href }, replace: true });
}
