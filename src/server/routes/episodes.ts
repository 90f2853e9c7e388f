import { createRoute, z } from "@hono/zod-openapi";
import { requireUser } from "../auth/middleware.ts";
import { type AppDeps, createRouter, getUser } from "../context.ts";
import { errorResponses } from "../lib/openapi.ts";
import { getEpisodeDetail, queueEpisodeEnrichment } from "../services/catalog/episodes.ts";

const idParam = z.object({ id: z.uuid().openapi({ param: { name: "id", in: "path" } }) });

export const personSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    bio: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    websiteUrl: z.string().nullable(),
    twitterHandle: z.string().nullable(),
    linkedinUrl: z.string().nullable(),
  })
  .openapi("Person");

const episodeDetailSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    summary: z.string().nullable(),
    insights: z.array(
      z.object({
        keyPoint: z.string(),
        timecode: z.int().nullable().openapi({ description: "Seconds from the start" }),
      }),
    ),
    keyInsights: z.array(z.string()).openapi({ description: "Legacy key points without timecodes" }),
    topics: z.array(z.string()),
    transcriptText: z.string().nullable(),
    transcriptUrl: z.string().nullable(),
    transcriptSegments: z.array(
      z.object({ start: z.number(), end: z.number(), text: z.string(), speaker: z.string().nullable() }),
    ),
    audioUrl: z.string().nullable(),
    youtubeUrl: z.string().nullable(),
    imageUrl: z.string().nullable(),
    duration: z.int().nullable().openapi({ description: "Seconds" }),
    pubDate: z.string().openapi({ format: "date-time" }),
    publishedAt: z.string().nullable().openapi({ format: "date-time" }),
    quizStatus: z.string(),
    podcast: z.object({ id: z.uuid(), name: z.string(), coverUrl: z.string().nullable() }),
    chapters: z.array(
      z.object({ startTime: z.int().openapi({ description: "Seconds" }), title: z.string() }),
    ),
    links: z.array(
      z.object({ url: z.string(), title: z.string().nullable(), category: z.string().nullable() }),
    ),
    guests: z.array(personSchema),
    hosts: z.array(personSchema),
    counts: z.object({
      people: z.int(),
      chapters: z.int(),
      links: z.int(),
      transcriptSegments: z.int(),
    }),
  })
  .openapi("EpisodeDetail");

/** Episode detail (spec 2 §2) and its Enrich Data action. */
export function createEpisodeRoutes(deps: AppDeps) {
  const router = createRouter();

  router.openapi(
    createRoute({
      method: "get",
      path: "/episodes/{id}",
      tags: ["catalog"],
      summary: "An episode with its podcast, chapters, show-note links, guests, hosts and tab counts",
      "x-access": "public",
      request: { params: idParam },
      responses: {
        200: { description: "The episode", content: { "application/json": { schema: episodeDetailSchema } } },
        ...errorResponses(400, 404),
      },
    }),
    async (c) => c.json(await getEpisodeDetail(deps, c.req.valid("param").id), 200),
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/episodes/{id}/enrich",
      tags: ["catalog"],
      summary: "Enrich Data: queue a fetch of the episode's feed (transcript, chapters, people)",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: idParam },
      responses: {
        202: {
          description: "Queued",
          content: {
            "application/json": { schema: z.object({ jobId: z.string(), podcastId: z.uuid() }) },
          },
        },
        ...errorResponses(400, 401, 404, 422, 429),
      },
    }),
    async (c) => c.json(await queueEpisodeEnrichment(deps, getUser(c).id, c.req.valid("param").id), 202),
  );

  return router;
}
