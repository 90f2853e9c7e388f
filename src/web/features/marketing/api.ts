import { useMutation } from "@tanstack/react-query";
import type { ContactMessageInput } from "~/domain/contact";
import type { ContactReceipt } from "~/domain/contract/contact";
import { apiFetch } from "~/web/lib/api-client";

export const marketingApi = {
  sendContactMessage: (input: ContactMessageInput) =>
    apiFetch<ContactReceipt>("/api/v1/contact", { method: "POST", body: input }),
};

/** Spec 3 §4: 'Sending...' shows for about a second, so the state is never just a flicker. */
export const MIN_SENDING_MS = 800;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function useSendContactMessage() {
  return useMutation({
    mutationFn: async (input: ContactMessageInput) => {
      const [receipt] = await Promise.all([marketingApi.sendContactMessage(input), wait(MIN_SENDING_MS)]);
      return receipt;
    },
  });
}
