import type { ContactMessageInput } from "../../../domain/contact.ts";
import type { ContactReceipt } from "../../../domain/contract/contact.ts";
import type { AppDeps } from "../../context.ts";
import { contactMessages } from "../../db/schema/contact.ts";
import { consumeRateLimits } from "../account/rate-limit.ts";

/** At most this many contact messages per sender address per hour. */
export const CONTACT_LIMIT_PER_IP = 5;
export const CONTACT_WINDOW_SECONDS = 60 * 60;

export type ContactSender = { ip: string | null; userId: string | null };

/**
 * Stores a message from the partner contact form for the team to answer. The sender's address is
 * rate limited first, so a flood of messages never reaches the table.
 */
export async function submitContactMessage(
  deps: Pick<AppDeps, "db" | "logger">,
  input: ContactMessageInput,
  sender: ContactSender,
): Promise<ContactReceipt> {
  await consumeRateLimits(
    deps.db,
    [
      {
        key: `contact:ip:${sender.ip ?? "unknown"}`,
        limit: CONTACT_LIMIT_PER_IP,
        windowSeconds: CONTACT_WINDOW_SECONDS,
      },
    ],
    (wait) => `You have sent several messages already. Please wait ${wait} before sending another.`,
  );
  const [row] = await deps.db
    .insert(contactMessages)
    .values({
      name: input.name,
      email: input.email,
      role: input.role ?? null,
      podcast: input.podcast || null,
      message: input.message,
      ip: sender.ip,
      userId: sender.userId,
    })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  if (!row) throw new Error("contact message insert returned no row");
  deps.logger.info({ contactMessageId: row.id, role: input.role ?? null }, "contact message received");
  return { id: row.id, createdAt: row.createdAt.toISOString() };
}
