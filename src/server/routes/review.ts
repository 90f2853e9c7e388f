import { createRoute, z } from "@hono/zod-openapi";
import { reviewGrades } from "../../domain/spaced-repetition.ts";
import { requireUser } from "../auth/middleware.ts";
import { type AppDeps, createRouter, getUser } from "../context.ts";
import { errorResponses, jsonBody } from "../lib/openapi.ts";
import { countDueCards, listDueCards, rateCard } from "../services/learning/review.ts";

const json = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { "application/json": { schema } },
});

const scheduleShape = {
  id: z.uuid(),
  ease: z.number(),
  interval: z.int().openapi({ description: "Days" }),
  lapses: z.int(),
  dueAt: z.string().openapi({ format: "date-time" }),
};
const scheduleSchema = z.object(scheduleShape).openapi("CardSchedule");

const reviewCardSchema = z
  .object({
    ...scheduleShape,
    question: z.object({
      id: z.uuid(),
      stem: z.string(),
      choices: z.array(z.string()),
      answer: z.string(),
      explanation: z.string().nullable(),
      timecode: z.int().nullable(),
    }),
    episode: z.object({ id: z.uuid(), title: z.string() }),
    podcast: z.object({ id: z.uuid(), name: z.string() }),
  })
  .openapi("ReviewCard");

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
        200: json("Due cards", z.object({ cards: z.array(reviewCardSchema) })),
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
      responses: { 200: json("Due count", z.object({ count: z.int() })), ...errorResponses(401) },
    }),
    async (c) => c.json({ count: await countDueCards(deps, getUser(c).id) }, 200),
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/me/review/cards/{cardId}/rating",
      tags: ["learning"],
      summary: "Rate a due card Again (1), Good (3) or Easy (5); SM-2 schedules its next review",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: {
        params: z.object({ cardId: z.uuid().openapi({ param: { name: "cardId", in: "path" } }) }),
        body: jsonBody(ratingInputSchema),
      },
      responses: {
        200: json("The card's new schedule", scheduleSchema),
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
