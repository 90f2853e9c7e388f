import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Session, TimeZoneSetting } from "~/domain/contract/account";
import { apiFetch } from "~/web/lib/api-client";
import { sessionQueryKey, useSession } from "~/web/lib/session";

function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * Daily streaks and weekly scores follow the learner's own calendar: when the browser's time zone
 * differs from the one on the profile, it is saved. A failure is only logged; the next visit tries
 * again.
 */
export function useTimeZoneSync(): void {
  const { profile } = useSession();
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: (timeZone: string) =>
      apiFetch<TimeZoneSetting>("/api/v1/me/time-zone", { method: "PUT", body: { timeZone } }),
    onSuccess: ({ timeZone }) =>
      queryClient.setQueryData<Session>(sessionQueryKey, (session) =>
        session?.profile ? { ...session, profile: { ...session.profile, timeZone } } : session,
      ),
    onError: (error) => console.warn("Could not save the time zone", error),
  });
  const stored = profile?.timeZone;
  useEffect(() => {
    const timeZone = browserTimeZone();
    if (stored && timeZone && timeZone !== stored) mutate(timeZone);
  }, [stored, mutate]);
}
