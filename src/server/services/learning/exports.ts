import { asc, eq } from "drizzle-orm";
import { parseTimecode } from "../../../domain/episode.ts";
import { formatTime } from "../../../domain/time.ts";
import type { Database } from "../../db/client.ts";
import { episodeChapters, episodes, podcasts } from "../../db/schema/catalog.ts";
import { questions } from "../../db/schema/learning.ts";
import { notFound } from "../../lib/errors.ts";
import { EPISODE_NOT_FOUND } from "./episode-input.ts";

/**
 * Exports of an episode's learning content: an Anki CSV of its quiz questions (spec 2 §7
 * export-to-anki; columns in docs/anki-export.md) and a Markdown note for Obsidian-style vaults.
 */

export type ExportData = {
  id: string;
  title: string;
  podcastName: string;
  pubDate: Date;
  duration: number | null;
  summary: string | null;
  insights: { keyPoint: string; timecode: number | null }[];
  topics: string[];
  themes: string[];
  chapters: { startTime: number; title: string }[];
  questions: {
    stem: string;
    choices: string[];
    answer: string;
    explanation: string | null;
    conceptTags: string[];
    timecode: number | null;
  }[];
};

/** The quiz holds at most 12 questions (spec 2 §9). */
const QUESTION_LIMIT = 12;

export async function loadExportData(db: Database, episodeId: string): Promise<ExportData> {
  const [[episode], chapters, questionRows] = await Promise.all([
    db
      .select({
        id: episodes.id,
        title: episodes.title,
        podcastName: podcasts.name,
        pubDate: episodes.pubDate,
        duration: episodes.duration,
        summary: episodes.summary,
        insights: episodes.insights,
        topics: episodes.topics,
        themes: episodes.themes,
      })
      .from(episodes)
      .innerJoin(podcasts, eq(podcasts.id, episodes.podcastId))
      .where(eq(episodes.id, episodeId))
      .limit(1),
    db
      .select({ startTime: episodeChapters.startTime, title: episodeChapters.title })
      .from(episodeChapters)
      .where(eq(episodeChapters.episodeId, episodeId))
      .orderBy(asc(episodeChapters.startTime)),
    db
      .select({
        stem: questions.stem,
        choices: questions.choices,
        answer: questions.answer,
        explanation: questions.explanation,
        conceptTags: questions.conceptTags,
        timecode: questions.timecode,
      })
      .from(questions)
      .where(eq(questions.episodeId, episodeId))
      .orderBy(asc(questions.createdAt))
      .limit(QUESTION_LIMIT),
  ]);
  if (!episode) throw notFound(EPISODE_NOT_FOUND);
  const insights = (Array.isArray(episode.insights) ? episode.insights : [])
    .filter((insight) => typeof insight?.key_point === "string" && insight.key_point.trim())
    .map((insight) => ({ keyPoint: insight.key_point.trim(), timecode: parseTimecode(insight.timecode) }));
  return { ...episode, insights, chapters, questions: questionRows };
}

/** `earmark-<first 8 characters of the episode id>.<extension>` (spec 2 §7). */
export function exportFileName(episodeId: string, extension: "csv" | "md"): string {
  return `earmark-${episodeId.slice(0, 8)}.${extension}`;
}

/** RFC 4180: every field quoted, quotes doubled; line breaks stay inside the quotes. */
function csvRow(fields: string[]): string {
  return fields.map((field) => `"${field.replaceAll('"', '""')}"`).join(",");
}

/** Anki tags are space-separated words: lower-case, spaces become underscores. */
function toTag(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s,]+/g, "_")
    .replace(/["#]/g, "");
}

const LETTERS = ["A", "B", "C", "D", "E", "F"];

/**
 * One note per question: Front (the question and its lettered choices), Back (the answer, the
 * explanation and where it is said), Tags, Source timecode. The `#` lines are Anki's file headers:
 * comma separator, plain text, the column names and which column holds the tags.
 */
export function toAnkiCsv(data: ExportData): string {
  const lines = [
    "#separator:comma",
    "#html:false",
    "#columns:Front,Back,Tags,Source timecode",
    "#tags column:3",
  ];
  const baseTags = ["earmark", toTag(data.podcastName)];
  for (const question of data.questions) {
    const choices = question.choices.map((choice, index) => `${LETTERS[index] ?? index + 1}. ${choice}`);
    const at = question.timecode === null ? "" : formatTime(question.timecode);
    const back = [
      `Answer: ${question.answer}`,
      question.explanation?.trim() ?? "",
      `${data.title} (${data.podcastName})${at ? ` at ${at}` : ""}`,
    ].filter(Boolean);
    const tags = [...new Set([...baseTags, ...question.conceptTags.map(toTag)].filter(Boolean))];
    lines.push(csvRow([`${question.stem}\n\n${choices.join("\n")}`, back.join("\n\n"), tags.join(" "), at]));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** A YAML scalar: JSON strings are valid double-quoted YAML. */
const yaml = (value: string) => JSON.stringify(value);
const yamlList = (values: string[]) => `[${values.map(yaml).join(", ")}]`;
/** Markdown-significant characters at the start of a line or inline. */
const md = (text: string) => text.replace(/([\\`*_[\]<>#|])/g, "\\$1").replace(/\s*\n\s*/g, " ");

/** An Obsidian-style note: front matter, summary, key insights, chapters, and the quiz with answers. */
export function toMarkdown(data: ExportData, episodeUrl: string): string {
  const date = data.pubDate.toISOString().slice(0, 10);
  const lines = [
    "---",
    `title: ${yaml(data.title)}`,
    `podcast: ${yaml(data.podcastName)}`,
    `date: ${date}`,
    ...(data.duration ? [`duration: ${yaml(formatTime(data.duration))}`] : []),
    `topics: ${yamlList(data.topics)}`,
    `themes: ${yamlList(data.themes)}`,
    `source: ${yaml(episodeUrl)}`,
    `tags: ${yamlList(["earmark", "podcast"])}`,
    "---",
    "",
    `# ${md(data.title)}`,
    "",
    `*${md(data.podcastName)}*, ${date}`,
    "",
    "## Summary",
    "",
    data.summary?.trim() ? md(data.summary.trim()) : "_No summary yet._",
  ];
  if (data.insights.length) {
    lines.push("", "## Key insights", "");
    for (const insight of data.insights)
      lines.push(
        `- ${insight.timecode === null ? "" : `**${formatTime(insight.timecode)}** `}${md(insight.keyPoint)}`,
      );
  }
  if (data.topics.length) lines.push("", "## Topics", "", data.topics.map((topic) => md(topic)).join(", "));
  if (data.chapters.length) {
    lines.push("", "## Chapters", "");
    for (const chapter of data.chapters)
      lines.push(`- **${formatTime(chapter.startTime)}** ${md(chapter.title)}`);
  }
  if (data.questions.length) {
    lines.push("", "## Questions", "");
    for (const [index, question] of data.questions.entries()) {
      lines.push(`### ${index + 1}. ${md(question.stem)}`, "");
      for (const [choiceIndex, choice] of question.choices.entries())
        lines.push(`- ${LETTERS[choiceIndex] ?? choiceIndex + 1}. ${md(choice)}`);
      const at = question.timecode === null ? "" : ` (${formatTime(question.timecode)})`;
      lines.push("", `**Answer:** ${md(question.answer)}${at}`);
      if (question.explanation?.trim()) lines.push("", `> ${md(question.explanation.trim())}`);
      lines.push("");
    }
  }
  lines.push("", `[Open in Earmark](${episodeUrl})`, "");
  return lines.join("\n");
}
