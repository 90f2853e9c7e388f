import { knowledgeThemeIds } from "../../../domain/knowledge-themes.ts";

/**
 * JSON schemas the model must answer in (structured outputs, strict mode: every property required,
 * no extra properties). They describe the wire shape; results are then checked with the zod schemas
 * of provider.ts and the extra rules in openai-provider.ts.
 */
type JsonSchema = Record<string, unknown>;

const string = { type: "string" } as const;
const integer = { type: "integer" } as const;
const strings = { type: "array", items: string } as const;

function object(properties: Record<string, unknown>): JsonSchema {
  return { type: "object", properties, required: Object.keys(properties), additionalProperties: false };
}

export const enrichmentWire = object({
  summary: string,
  insights: { type: "array", items: object({ key_point: string, timecode: integer }) },
  topics: strings,
});

export const questionsWire = object({
  questions: {
    type: "array",
    items: object({
      stem: string,
      choices: strings,
      answer: string,
      explanation: string,
      concept_tags: strings,
      difficulty: { type: "string", enum: ["easy", "medium", "hard"] },
      timecode: integer,
    }),
  },
});

const point = object({ title: string, time: integer, summary: string, excerpt: string, concepts: strings });
export const mindmapWire = object({
  sections: {
    type: "array",
    items: object({
      title: string,
      time: integer,
      summary: string,
      concepts: strings,
      points: { type: "array", items: point },
    }),
  },
});

export const answerWire = object({
  covered: { type: "boolean" },
  answer: string,
  /** 1-based numbers of the passages the answer relies on. */
  citations: { type: "array", items: integer },
});

export const themesWire = object({
  themes: { type: "array", items: { type: "string", enum: [...knowledgeThemeIds] } },
});

export type EnrichmentWire = {
  summary: string;
  insights: { key_point: string; timecode: number }[];
  topics: string[];
};
export type QuestionsWire = {
  questions: {
    stem: string;
    choices: string[];
    answer: string;
    explanation: string;
    concept_tags: string[];
    difficulty: "easy" | "medium" | "hard";
    timecode: number;
  }[];
};
export type MindmapWire = {
  sections: {
    title: string;
    time: number;
    summary: string;
    concepts: string[];
    points: { title: string; time: number; summary: string; excerpt: string; concepts: string[] }[];
  }[];
};
export type AnswerWire = { covered: boolean; answer: string; citations: number[] };
export type ThemesWire = { themes: string[] };
