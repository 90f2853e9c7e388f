import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { type ContactRole, contactRoles } from "../../../domain/contact.ts";
import { users } from "./auth.ts";
import { createdAt, primaryId } from "./columns.ts";

export type { ContactRole };
export { contactRoles };

/**
 * Messages sent with the partner contact form (spec 3 §2 Partner). Kept even when the sender's
 * account is deleted (user_id SET NULL): the conversation belongs to the team that answers it.
 */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: primaryId(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    role: text("role").$type<ContactRole>(),
    podcast: text("podcast"),
    message: text("message").notNull(),
    // The sender's address, for abuse handling only (the privacy policy says so).
    ip: text("ip"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("contact_messages_role_check", sql`${t.role} in ('creator', 'network', 'investor', 'listener')`),
    check("contact_messages_message_check", sql`char_length(${t.message}) between 1 and 5000`),
    check("contact_messages_name_check", sql`char_length(btrim(${t.name})) between 1 and 100`),
    check("contact_messages_email_check", sql`char_length(${t.email}) between 3 and 254`),
    // The team's inbox: newest first.
    index("contact_messages_created_at_idx").on(t.createdAt),
    index("contact_messages_user_id_idx").on(t.userId),
  ],
);
