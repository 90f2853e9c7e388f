import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LeagueLeft, LeaguePage, LeagueSummary, LeagueView, MyLeagues } from "~/domain/contract/leagues";
import type { CreateLeagueInput } from "~/domain/leagues";
import { apiFetch } from "~/web/lib/api-client";

export const LEAGUES_PAGE_SIZE = 20;

export const leagueKeys = {
  all: ["leagues"] as const,
  list: ["leagues", "list"] as const,
  mine: ["leagues", "mine"] as const,
  league: (leagueId: string) => ["leagues", "league", leagueId] as const,
};

const api = {
  leagues: (cursor: string | undefined, signal?: AbortSignal) =>
    apiFetch<LeaguePage>(
      `/api/v1/leagues?limit=${LEAGUES_PAGE_SIZE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      { signal },
    ),
  myLeagues: (signal?: AbortSignal) => apiFetch<MyLeagues>("/api/v1/me/leagues", { signal }),
  league: (leagueId: string, signal?: AbortSignal) =>
    apiFetch<LeagueView>(`/api/v1/leagues/${leagueId}`, { signal }),
  create: (input: CreateLeagueInput) =>
    apiFetch<LeagueSummary>("/api/v1/leagues", { method: "POST", body: input }),
  join: (leagueId: string) =>
    apiFetch<LeagueSummary>(`/api/v1/leagues/${leagueId}/members`, { method: "POST" }),
  leave: (leagueId: string) =>
    apiFetch<LeagueLeft>(`/api/v1/leagues/${leagueId}/members/me`, { method: "DELETE" }),
};

export function useLeagues() {
  return useInfiniteQuery({
    queryKey: leagueKeys.list,
    queryFn: ({ pageParam, signal }) => api.leagues(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useMyLeagues() {
  return useQuery({ queryKey: leagueKeys.mine, queryFn: ({ signal }) => api.myLeagues(signal) });
}

export function useLeague(leagueId: string) {
  return useQuery({
    queryKey: leagueKeys.league(leagueId),
    queryFn: ({ signal }) => api.league(leagueId, signal),
  });
}

/** Membership changes counts and roles on every leagues screen: refresh them all. */
function useInvalidateLeagues() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: leagueKeys.all });
}

export function useCreateLeague() {
  const invalidate = useInvalidateLeagues();
  return useMutation({ mutationFn: api.create, onSuccess: invalidate });
}

export function useJoinLeague() {
  const invalidate = useInvalidateLeagues();
  return useMutation({ mutationFn: api.join, onSettled: invalidate });
}

export function useLeaveLeague() {
  const invalidate = useInvalidateLeagues();
  return useMutation({ mutationFn: api.leave, onSettled: invalidate });
}
