import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Logger } from "../../lib/logger.ts";
import { emptyCorpus } from "../corpus.ts";
import { loadDemoEpisodes } from "../demo-episodes.ts";
import { type EpisodeInput, type LearningProvider, NOT_COVERED_ANSWER, type Passage } from "../provider.ts";
import { createOpenAiProvider } from "./openai-provider.ts";

/** What the fake server answers to the n-th request (0-based) of a test. */
type Reply = { status?: number; content?: string; finishReason?: string; delayMs?: number; raw?: string };
type RequestBody = {
  model: string;
  messages: { role: string; content: string }[];
  response_format: { type: string; json_schema: { name: string; strict: boolean; schema: unknown } };
};

let server: Server;
let baseUrl: string;
let replies: (n: number, body: RequestBody) => Reply;
let requests: RequestBody[];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const body = JSON.parse(raw) as RequestBody;
      const reply = replies(requests.length, body);
      requests.push(body);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, { "content-type": "application/json" });
        res.end(
          reply.raw ??
            JSON.stringify(
              (reply.status ?? 200) >= 400
                ? { error: { message: "server trouble", type: "server_error" } }
                : {
                    id: "chatcmpl-test",
                    object: "chat.completion",
                    created: 0,
                    model: body.model,
                    choices: [
                      {
                        index: 0,
                        message: { role: "assistant", content: reply.content ?? "", refusal: null },
                        finish_reason: reply.finishReason ?? "stop",
                      },
                    ],
                  },
            ),
        );
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const episode = loadDemoEpisodes().find((e) => e.id === "sn-101") as EpisodeInput;
const context = { corpus: emptyCorpus() };
const passages: Passage[] = [
  {
    start: 92,
    end: 134,
    text: "One important idea is retrieval-augmented generation, usually shortened to RAG.",
    rank: 0.5,
  },
  { start: 134, end: 185, text: "First, ask for sources, and then actually open them.", rank: 0.2 },
];

/** The built-in engine stand-in: recognisable results so a test sees when the fallback answered. */
const fallback: LearningProvider = {
  name: "offline",
  enrich: async () => ({ summary: "offline summary", insights: [], topics: [] }),
  generateQuestions: async () => [],
  generateMindmap: async () => ({
    episodeTitle: "offline",
    nodes: [{ id: "root", title: "offline", children: [] }],
  }),
  answer: async () => ({ answer: "offline answer", sources: [] }),
  categorize: async () => ["offline"],
};

let warn: ReturnType<typeof vi.fn>;
function provider(options: { timeoutMs?: number; chunkChars?: number; maxRetries?: number } = {}) {
  warn = vi.fn();
  return createOpenAiProvider({
    baseUrl,
    apiKey: "test-key",
    model: "test-model",
    timeoutMs: options.timeoutMs ?? 2000,
    maxRetries: options.maxRetries ?? 2,
    retryBaseMs: 5,
    ...(options.chunkChars ? { chunkChars: options.chunkChars } : {}),
    logger: { warn } as unknown as Logger,
    fallback,
  });
}

const json = (value: unknown): Reply => ({ content: JSON.stringify(value) });
const question = (overrides: Record<string, unknown> = {}) => ({
  stem: "What does RAG stand for?",
  choices: [
    "retrieval-augmented generation",
    "random access grammar",
    "recurrent attention gate",
    "rapid answer generator",
  ],
  answer: "retrieval-augmented generation",
  explanation: 'At 1:35: "One important idea is retrieval-augmented generation."',
  concept_tags: ["retrieval-augmented generation"],
  difficulty: "easy",
  timecode: 95,
  ...overrides,
});

beforeEach(() => {
  requests = [];
});

describe("OpenAI-compatible provider", () => {
  it("uses valid structured replies and asks for a strict JSON schema", async () => {
    replies = () =>
      json({
        summary: "Models predict likely text, so they can state false things fluently.",
        insights: [{ key_point: "Retrieval grounds answers in sources.", timecode: 95 }],
        topics: ["hallucination", "retrieval-augmented generation"],
      });
    const result = await provider().enrich(episode, context);
    expect(result.summary).toMatch(/^Models predict/);
    expect(result.insights).toEqual([{ key_point: "Retrieval grounds answers in sources.", timecode: 95 }]);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.model).toBe("test-model");
    expect(request?.response_format).toMatchObject({
      type: "json_schema",
      json_schema: { name: "enrichment", strict: true },
    });
    expect(request?.messages.at(-1)?.content).toContain(
      "[95] One important idea is retrieval-augmented generation",
    );
    expect(warn).not.toHaveBeenCalled();
  });

  it("returns the model's questions, mind map and themes when they validate", async () => {
    replies = (_n, body) => {
      const name = body.response_format.json_schema.name;
      if (name === "questions")
        return json({ questions: [question(), question({ stem: "Second?", timecode: 150 })] });
      if (name === "themes") return json({ themes: ["ai-tech", "science"] });
      return json({
        sections: [
          {
            title: "Where hallucinations come from",
            time: 48,
            summary: "Prediction, not truth.",
            concepts: ["next-token prediction"],
            points: [
              {
                title: "Rare facts",
                time: 83,
                summary: "Weak memory.",
                excerpt: "If a fact appeared only a few times…",
                concepts: [],
              },
            ],
          },
        ],
      });
    };
    const p = provider();
    const questions = await p.generateQuestions(episode, context);
    expect(questions.map((q) => q.timecode)).toEqual([95, 150]);
    expect(await p.categorize(episode, context)).toEqual(["ai-tech", "science"]);
    const mindmap = await p.generateMindmap(episode, context);
    expect(mindmap.nodes[0]?.title).toBe(episode.title);
    expect(mindmap.nodes[0]?.children[0]).toMatchObject({
      id: "s1",
      time: 48,
      children: [{ id: "s1-k1", time: 83 }],
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it("answers from the passages and maps cited passage numbers to their start times", async () => {
    replies = () =>
      json({ covered: true, answer: "It grounds answers in retrieved documents.", citations: [1] });
    const p = provider();
    const reply = await p.answer(episode, "What is RAG?", [{ question: "Hi", answer: "Hello" }], passages);
    expect(reply).toEqual({
      answer: "It grounds answers in retrieved documents.",
      sources: [{ timecode: 92, text: passages[0]?.text }],
    });
    // The passages are numbered in the prompt and the conversation so far is sent along.
    const messages = requests[0]?.messages ?? [];
    expect(messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(messages.at(-1)?.content).toContain("(2) [2:14] First, ask for sources");

    replies = () => json({ covered: false, answer: "", citations: [] });
    expect(await p.answer(episode, "Capital of France?", [], passages)).toEqual({
      answer: NOT_COVERED_ANSWER,
      sources: [],
    });
    requests = [];
    expect(await p.answer(episode, "Anything?", [], [])).toEqual({ answer: NOT_COVERED_ANSWER, sources: [] });
    expect(requests).toHaveLength(0);
  });

  it.each([
    ["malformed JSON", { content: "{ not json" }, "not valid JSON"],
    ["a truncated reply", { content: '{"summary": "cut', finishReason: "length" }, "truncated"],
    ["a reply that is not an object of the schema", { content: '{"summary": 3}' }, "invalid enrichment"],
    [
      "insights beyond the episode",
      json({ summary: "S", insights: [{ key_point: "K", timecode: 9999 }], topics: [] }),
      "outside the episode",
    ],
  ] as const)(
    "retries %s, then falls back to the built-in engine and logs why",
    async (_name, reply, reason) => {
      replies = () => reply;
      const result = await provider().enrich(episode, context);
      expect(result.summary).toBe("offline summary");
      expect(requests).toHaveLength(3);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]?.[0]).toMatchObject({ operation: "enrich", episodeId: "sn-101" });
      expect(warn.mock.calls[0]?.[0].reason).toContain(reason);
    },
  );

  it.each([
    ["an answer that is not among the choices", question({ answer: "something else" })],
    ["duplicate choices", question({ choices: ["a", "A", "b", "retrieval-augmented generation"] })],
    ["a timecode beyond the duration", question({ timecode: 4000 })],
  ])("rejects questions with %s", async (_name, bad) => {
    replies = () => json({ questions: [question(), bad] });
    expect(await provider().generateQuestions(episode, context)).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("rejects citations of passages that do not exist", async () => {
    replies = () => json({ covered: true, answer: "Yes.", citations: [7] });
    expect((await provider().answer(episode, "What is RAG?", [], passages)).answer).toBe("offline answer");
    expect(warn.mock.calls[0]?.[0].reason).toContain("citation 7");
  });

  it("times out a slow reply, retries, and falls back when every attempt is slow", async () => {
    replies = () => ({ ...json({ themes: ["ai-tech"] }), delayMs: 1500 });
    const started = Date.now();
    expect(await provider({ timeoutMs: 150, maxRetries: 1 }).categorize(episode, context)).toEqual([
      "offline",
    ]);
    expect(requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(1400);
    expect(warn.mock.calls[0]?.[0].reason).toMatch(/timed out|timeout/i);
  });

  it("recovers when a retry succeeds after a slow reply or a 500", async () => {
    replies = (n) =>
      n === 0 ? { ...json({ themes: ["science"] }), delayMs: 1500 } : json({ themes: ["ai-tech"] });
    expect(await provider({ timeoutMs: 150 }).categorize(episode, context)).toEqual(["ai-tech"]);
    requests = [];
    replies = (n) => (n < 2 ? { status: 500 } : json({ themes: ["science"] }));
    expect(await provider().categorize(episode, context)).toEqual(["science"]);
    expect(requests).toHaveLength(3);
    expect(warn).not.toHaveBeenCalled();
  });

  it("falls back after repeated 500s, and at once on a client error", async () => {
    replies = () => ({ status: 500 });
    expect(await provider().categorize(episode, context)).toEqual(["offline"]);
    expect(requests).toHaveLength(3);
    expect(warn.mock.calls[0]?.[0].reason).toContain("500");
    requests = [];
    replies = () => ({ status: 401 });
    expect(await provider().categorize(episode, context)).toEqual(["offline"]);
    expect(requests).toHaveLength(1);
  });

  it("maps long transcripts chunk by chunk and reduces the partial results", async () => {
    replies = (_n, body) => {
      const prompt = body.messages.at(-1)?.content ?? "";
      const isReduce = prompt.includes("Part 1 summary");
      return json({
        summary: isReduce ? "Whole episode." : "Part.",
        insights: [{ key_point: "A point.", timecode: isReduce ? 10 : 5 }],
        topics: ["topic"],
      });
    };
    const result = await provider({ chunkChars: 1500 }).enrich(episode, context);
    expect(result.summary).toBe("Whole episode.");
    const chunks = requests.length - 1;
    expect(chunks).toBeGreaterThanOrEqual(3);
    expect(requests.at(-1)?.messages.at(-1)?.content).toContain(`Part ${chunks} summary`);
  });
});
