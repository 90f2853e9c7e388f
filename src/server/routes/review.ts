import { createRoute, z } from "@hono/zod-openapi";
import { cardRatingResultSchema, dueCardsSchema, dueCountSchema } from "../../domain/contract/review.ts";
import { reviewGrades } from "../../domain/spaced-repetition.ts";
import { requireUser } from "../auth/middleware.ts";
import { type AppDeps, createRouter, getUser } from "../context.ts";
import { errorResponses, jsonBody, jsonResponse, uuidParam } from "../lib/openapi.ts";
import { countDueCards, listDueCards, rateCard } from "../services/learning/review.ts";

const gradeMessage = "grade must be 1 (Again), 3 (Good) or 5 (Easy).";
const ratingInputSchema = z
  .strictObject({
    grade: z
      .union(
        reviewGrades.map((grade) => z.literal(grade)) as [z.ZodLiteral<1>, z.ZodLiteral<3>, z.ZodLiteral<5>],
        {
          error: gradeMessage,
        },
      )
      .openapi({ type: "integer", enum: [...reviewGrades] }),
  })
  .openapi("CardRating");

/** Spaced-repetition review (spec 2 §2 Review, §4 review card flow, §9 Review scheduling). */
export function createReviewRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      path: "/me/review/cards",
      tags: ["learning"],
      summary: "Up to 20 review cards due now, longest-waiting first",
      "x-access": "user",
      middleware: [requireUser] as const,
      responses: {
        200: jsonResponse("Due cards", dueCardsSchema),
        ...errorResponses(401),
      },
    }),
    async (c) => c.json({ cards: await listDueCards(deps, getUser(c).id) }, 200),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/me/review/due-count",
      tags: ["learning"],
      summary: "How many review cards are due now (counted up to 100), for the navigation badge",
      "x-access": "user",
      middleware: [requireUser] as const,
      responses: { 200: jsonResponse("Due count", dueCountSchema), ...errorResponses(401) },
    }),
    async (c) => c.json({ count: await countDueCards(deps, getUser(c).id) }, 200),
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/me/review/cards/{cardId}/rating",
      tags: ["learning"],
      summary:
        "Rate a due card Again (1), Good (3) or Easy (5); SM-2 schedules its next review, XP once per due moment",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: {
        params: z.object({ cardId: uuidParam("cardId") }),
        body: jsonBody(ratingInputSchema),
      },
      responses: {
        200: jsonResponse("The card's new schedule and the XP the rating earned", cardRatingResultSchema),
        ...errorResponses(400, 401, 404, 409, 413, 415),
      },
    }),
    async (c) =>
      c.json(
        await rateCard(deps, getUser(c).id, c.req.valid("param").cardId, c.req.valid("json").grade),
        200,
      ),
  );

  return router;
}
