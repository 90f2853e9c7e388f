import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ChatEntry, ChatHistory } from "~/domain/contract/learning";
import { apiFetch } from "~/web/lib/api-client";

export const askKeys = {
  chats: (episodeId: string) => ["ask", episodeId, "chats"] as const,
};

const chatsPath = (episodeId: string) => `/api/v1/episodes/${encodeURIComponent(episodeId)}`;

/** The signed-in user's earlier questions and answers about the episode, oldest first. */
export function useChats(episodeId: string) {
  return useQuery({
    queryKey: askKeys.chats(episodeId),
    queryFn: ({ signal }) =>
      apiFetch<ChatHistory>(`${chatsPath(episodeId)}/chats`, { signal }).then((data) => data.items),
  });
}

/** Asks a question; the answer is appended to the cached history. */
export function useAskQuestion(episodeId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (question: string) =>
      apiFetch<ChatEntry>(`${chatsPath(episodeId)}/ask`, { method: "POST", body: { question } }),
    onSuccess: (entry) => {
      queryClient.setQueryData<ChatEntry[]>(askKeys.chats(episodeId), (items) => [...(items ?? []), entry]);
    },
  });
}
