import { createRoute } from "@hono/zod-openapi";
import { contactMessageSchema } from "../../domain/contact.ts";
import { contactReceiptSchema } from "../../domain/contract/contact.ts";
import { type AppDeps, createRouter } from "../context.ts";
import { getClientIp } from "../lib/client-ip.ts";
import { errorResponses, jsonBody, jsonResponse } from "../lib/openapi.ts";
import { submitContactMessage } from "../services/marketing/contact.ts";

export function createContactRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "post",
      path: "/contact",
      tags: ["marketing"],
      summary: "Send a message with the partner contact form (stored for the team; 5 per hour per address)",
      "x-access": "public",
      request: { body: jsonBody(contactMessageSchema.meta({ id: "ContactMessage" })) },
      responses: {
        201: jsonResponse("The message is stored", contactReceiptSchema),
        ...errorResponses(400, 413, 415, 429),
      },
    }),
    async (c) => {
      const receipt = await submitContactMessage(
        { db: deps.db, logger: c.get("logger") },
        c.req.valid("json"),
        { ip: getClientIp(c, deps.config.TRUST_PROXY), userId: c.get("user")?.id ?? null },
      );
      return c.json(receipt, 201);
    },
  );

  return router;
}
