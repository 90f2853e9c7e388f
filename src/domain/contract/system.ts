import { z } from "zod";

/** Response bodies of the system area: health (src/server/routes/system.ts) and the client config. */

export const healthSchema = z
  .object({
    status: z.literal("ok"),
    database: z.literal("ok"),
    catalog: z.enum(["ready", "preparing"]).meta({
      description:
        "preparing while a first start loads the demo catalog; pages then say so instead of showing empty lists",
    }),
  })
  .meta({ id: "Health" });
export type Health = z.infer<typeof healthSchema>;

export const unhealthySchema = z
  .object({ status: z.literal("error"), database: z.literal("unreachable") })
  .meta({ id: "Unhealthy" });
export type Unhealthy = z.infer<typeof unhealthySchema>;

export const AI_PROVIDERS = ["offline", "openai-compatible"] as const;

/** GET /config: which optional features are configured. */
export const appConfigSchema = z
  .object({
    googleEnabled: z.boolean(),
    aiProvider: z.enum(AI_PROVIDERS),
    supportEmail: z.string().meta({ description: "Contact Support address (SUPPORT_EMAIL)" }),
    billingEnabled: z.boolean().meta({ description: "Plus can be bought here (Stripe is configured)" }),
  })
  .meta({ id: "AppConfig" });
export type AppConfig = z.infer<typeof appConfigSchema>;
