import { z } from "zod";

/** Response body of the partner contact form (src/server/routes/contact.ts); the request is ../contact.ts. */

export const contactReceiptSchema = z
  .object({ id: z.uuid(), createdAt: z.string().meta({ format: "date-time" }) })
  .meta({ id: "ContactMessageReceipt" });
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;
