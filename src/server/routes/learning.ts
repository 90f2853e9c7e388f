import { createRoute, z } from "@hono/zod-openapi";
import { askQuestionSchema } from "../../domain/ask.ts";
import {
  chatEntrySchema,
  chatHistorySchema,
  episodeMindmapSchema,
  missingMindmapsSchema,
  quizGenerationSchema,
} from "../../domain/contract/learning.ts";
import { requireUserOrBearer } from "../auth/bearer.ts";
import { requireRole, requireUser } from "../auth/middleware.ts";
import { type AppDeps, createRouter, getUser } from "../context.ts";
import { errorResponses, jsonBody, jsonResponse, uuidParam } from "../lib/openapi.ts";
import { askEpisode, listEpisodeChats } from "../services/learning/ask.ts";
import { createLearningDeps } from "../services/learning/engine.ts";
import { exportFileName, loadExportData, toAnkiCsv, toMarkdown } from "../services/learning/exports.ts";
import {
  getEpisodeMindmap,
  listMissingMindmaps,
  requestEpisodeMindmap,
} from "../services/learning/mindmaps.ts";
import { requestQuestionGeneration } from "../services/learning/questions.ts";
import { queueTranscription } from "../services/learning/transcription.ts";
import { addQueueRoute, queuedResponse } from "./queue-route.ts";

const idParam = z.object({ id: uuidParam("id") });

/**
 * The learning content of episodes (spec 2 §2 Ask AI, §3, §4, §7, §8; spec 3 §7): mind maps,
 * question generation, Ask AI and its history, the Anki and Markdown exports, and the admin lab's
 * learning operations (queued as jobs; poll GET /admin/jobs/{queue}/{jobId}).
 */
export function createLearningRoutes(deps: AppDeps) {
  const router = createRouter();
  const learning = createLearningDeps(deps);
  const requireAdmin = requireRole(deps, "admin");

  router.openapi(
    createRoute({
      method: "get",
      path: "/episodes/{id}/mindmap",
      tags: ["learning"],
      summary: "The episode's mind map in the node shape (a legacy central/branches map is converted)",
      "x-access": "public",
      request: { params: idParam },
      responses: {
        200: jsonResponse("The mind map", episodeMindmapSchema),
        ...errorResponses(400, 404),
      },
    }),
    async (c) => c.json(await getEpisodeMindmap(deps.db, c.req.valid("param").id), 200),
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/episodes/{id}/mindmap",
      tags: ["learning"],
      summary: "generate-mindmap: build (or rebuild) the episode's mind map now and return it",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: idParam },
      responses: {
        200: jsonResponse("The new mind map", episodeMindmapSchema),
        ...errorResponses(400, 401, 404, 429),
        502: { description: "'Failed to generate mind map'" },
      },
    }),
    async (c) => c.json(await requestEpisodeMindmap(learning, getUser(c).id, c.req.valid("param").id), 200),
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/episodes/{id}/questions/generate",
      tags: ["learning"],
      summary:
        "generate-questions: start generating the episode's quiz (quiz_status becomes generating); a complete quiz is answered as it is",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: idParam },
      responses: {
        200: jsonResponse("The quiz is already complete", quizGenerationSchema),
        202: jsonResponse("Generation queued", quizGenerationSchema),
        ...errorResponses(400, 401, 404, 429),
      },
    }),
    async (c) => {
      const result = await requestQuestionGeneration(deps, getUser(c).id, c.req.valid("param").id);
      return result.jobId ? c.json(result, 202) : c.json(result, 200);
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/episodes/{id}/chats",
      tags: ["learning"],
      summary:
        "Ask AI history: my earlier questions and answers about the episode, oldest first (the newest 50)",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: idParam },
      responses: {
        200: jsonResponse("My chat about the episode", chatHistorySchema),
        ...errorResponses(400, 401, 404),
      },
    }),
    async (c) =>
      c.json({ items: await listEpisodeChats(deps.db, getUser(c).id, c.req.valid("param").id) }, 200),
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/episodes/{id}/ask",
      tags: ["learning"],
      summary:
        "ask-episode: an answer from the transcript with timecoded sources, stored in my history (20 a minute and 200 a day for everyone; the Free plan 10 a day)",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: idParam, body: jsonBody(askQuestionSchema) },
      responses: {
        201: jsonResponse("The answer", chatEntrySchema),
        ...errorResponses(400, 401, 402, 404, 413, 415, 429),
        502: { description: "'Failed to get answer': the engine could not answer" },
      },
    }),
    async (c) =>
      c.json(
        await askEpisode(learning, getUser(c).id, c.req.valid("param").id, c.req.valid("json").question),
        201,
      ),
  );

  router.openapi(
    createRoute({
      method: "post",
      path: "/exports/anki",
      tags: ["learning"],
      summary:
        "export-to-anki: the episode's quiz as an Anki CSV (front, back, tags, source timecode; see docs/anki-export.md). Session cookie or Authorization: Bearer <session token>",
      "x-access": "user",
      middleware: [requireUserOrBearer(deps)] as const,
      request: { body: jsonBody(z.object({ episodeId: z.uuid({ error: "Give the episode's id." }) })) },
      responses: {
        200: {
          description: "The CSV file, named earmark-<first 8 characters of the episode id>.csv",
          content: { "text/csv": { schema: z.string() } },
        },
        ...errorResponses(400, 401, 404, 413, 415),
      },
    }),
    async (c) => {
      const { episodeId } = c.req.valid("json");
      const csv = toAnkiCsv(await loadExportData(deps.db, episodeId));
      return c.body(csv, 200, download("text/csv", exportFileName(episodeId, "csv")));
    },
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/episodes/{id}/export.md",
      tags: ["learning"],
      summary:
        "The episode as a Markdown note (front matter, summary, insights, chapters, questions with answers)",
      "x-access": "user",
      middleware: [requireUser] as const,
      request: { params: idParam },
      responses: {
        200: { description: "The Markdown file", content: { "text/markdown": { schema: z.string() } } },
        ...errorResponses(400, 401, 404),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const markdown = toMarkdown(
        await loadExportData(deps.db, id),
        `${deps.config.publicUrl}/episode/${id}`,
      );
      return c.body(markdown, 200, download("text/markdown", exportFileName(id, "md")));
    },
  );

  // Admin lab (spec 3 §7) --------------------------------------------------------------------------

  // Each body may be left out: its fields are optional or defaulted.
  const queueRoute = (options: Parameters<typeof addQueueRoute>[3]) =>
    addQueueRoute(router, deps, requireAdmin, { ...options, isBodyOptional: true });

  queueRoute({
    path: "/admin/learning/auto-enrich",
    queue: "learning.auto-enrich",
    summary: "auto-enrich-episodes: every episode not yet enriched → {enriched, skipped}",
    body: z.object({ podcastId: z.uuid().optional() }),
  });
  queueRoute({
    path: "/admin/learning/enrich-episode",
    queue: "learning.enrich-episode",
    summary: "trigger-episode-enrichment: one episode's summary, insights, topics, themes, quiz and mind map",
    body: z.object({ episodeId: z.uuid({ error: "Please select an episode" }) }),
  });
  queueRoute({
    path: "/admin/learning/generate-questions",
    queue: "learning.generate-questions",
    summary:
      "generate-questions → {success, questionCount}; force replaces a complete quiz (its answers and review cards go with it)",
    body: z.object({
      episodeId: z.uuid({ error: "Please select an episode" }),
      force: z.boolean().default(false),
    }),
  });
  queueRoute({
    path: "/admin/learning/categorize",
    queue: "learning.categorize",
    summary:
      "categorize-episode: one episode, or all in batches of 50 with a 1 s pause → {categorized, failed, total}",
    body: z.object({ episodeId: z.uuid().optional() }),
  });
  queueRoute({
    path: "/admin/learning/generate-missing-mindmaps",
    queue: "learning.generate-missing-mindmaps",
    summary: "Batch generation of missing mind maps, newest episodes first → {generated, failed, remaining}",
    body: z.object({ limit: z.int().min(1).max(1000).default(100) }),
  });

  router.openapi(
    createRoute({
      method: "post",
      path: "/admin/learning/transcribe",
      tags: ["admin"],
      summary:
        "Transcribe one episode that has no transcript through the configured speech-to-text service, then refresh its learning content",
      "x-access": "admin",
      middleware: [requireAdmin] as const,
      request: { body: jsonBody(z.object({ episodeId: z.uuid({ error: "Please select an episode" }) })) },
      responses: {
        ...queuedResponse,
        ...errorResponses(400, 401, 403, 404, 409, 415),
        503: { description: "No transcription service is configured" },
      },
    }),
    async (c) =>
      c.json(
        await queueTranscription(
          deps,
          (episodeId) => deps.jobs.send("learning.transcribe", { episodeId }),
          c.req.valid("json").episodeId,
        ),
        202,
      ),
  );

  router.openapi(
    createRoute({
      method: "get",
      path: "/admin/learning/missing-mindmaps",
      tags: ["admin"],
      summary: "list-missing-mindmaps → {items (newest episodes without a mind map), total, missing}",
      "x-access": "admin",
      middleware: [requireAdmin] as const,
      request: { query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }) },
      responses: {
        200: jsonResponse("Episodes without a mind map", missingMindmapsSchema),
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => c.json(await listMissingMindmaps(deps.db, c.req.valid("query").limit), 200),
  );

  return router;
}

/** Headers of a file download; private, never cached by proxies. */
function download(type: string, fileName: string) {
  return {
    "content-type": `${type}; charset=utf-8`,
    "content-disposition": `attachment; filename="${fileName}"`,
    "cache-control": "private, no-store",
  };
}
