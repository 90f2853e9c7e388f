import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import {
  type AllTimeLeaderboard,
  type FriendsLeaderboard,
  type LeaderboardQuizzes,
  PLAYER_SEARCH_MIN,
  type PlayerSearch,
  type WeeklyLeaderboard,
} from "~/domain/contract/leaderboard";
import { apiFetch } from "~/web/lib/api-client";

export type LeaderboardTab = "all-time" | "week" | "friends" | "quizzes";

type TabData = {
  "all-time": AllTimeLeaderboard;
  week: WeeklyLeaderboard;
  friends: FriendsLeaderboard;
  quizzes: LeaderboardQuizzes;
};

export const leaderboardKeys = {
  tab: (tab: LeaderboardTab) => ["leaderboard", tab] as const,
  search: (text: string) => ["leaderboard", "players", text] as const,
};

/** One tab's data (the ranked tabs are only rendered, so only asked for, when signed in). */
export function useLeaderboardTab<T extends LeaderboardTab>(tab: T) {
  return useQuery({
    queryKey: leaderboardKeys.tab(tab),
    queryFn: ({ signal }) => apiFetch<TabData[T]>(`/api/v1/leaderboard/${tab}`, { signal }),
  });
}

/** Players whose name or handle contains the text, once it is long enough and typing has paused. */
export function usePlayerSearch(text: string) {
  const settled = useSettledText(text.trim(), 250);
  const isLongEnough = settled.length >= PLAYER_SEARCH_MIN;
  return useQuery({
    queryKey: leaderboardKeys.search(settled.toLowerCase()),
    queryFn: ({ signal }) =>
      apiFetch<PlayerSearch>(`/api/v1/leaderboard/players?q=${encodeURIComponent(settled)}`, { signal }),
    enabled: isLongEnough,
    placeholderData: keepPreviousData,
  });
}

/** The text once it has not changed for `delayMs`, so each keystroke does not start a search. */
function useSettledText(text: string, delayMs: number): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs]);
  return settled;
}
