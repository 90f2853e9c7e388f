import { describe, expect, it } from "vitest";
import { type ExportData, exportFileName, toAnkiCsv, toMarkdown } from "./exports.ts";

const data: ExportData = {
  id: "3f2a1b4c-1111-4222-8333-944455556666",
  title: 'Chips, "Fabs" & Power',
  podcastName: "Signal & Noise",
  pubDate: new Date("2026-03-04T10:00:00Z"),
  duration: 3725,
  summary: "Who makes the chips.\n\nAnd why it *matters*.",
  insights: [
    { keyPoint: "One firm makes the machines", timecode: 65 },
    { keyPoint: "No time", timecode: null },
  ],
  topics: ["semiconductors", "export controls"],
  themes: ["ai-tech", "geopolitics"],
  chapters: [
    { startTime: 0, title: "Intro" },
    { startTime: 3601, title: "Late" },
  ],
  questions: [
    {
      stem: 'Which company builds EUV machines, "the" bottleneck?',
      choices: ["ASML", "Intel, Inc.", "TSMC", "Nvidia"],
      answer: "ASML",
      explanation: 'At 1:05: "ASML builds them,\nalone."',
      conceptTags: ["EUV lithography", "supply chain"],
      timecode: 65,
    },
    {
      stem: "Untimed?",
      choices: ["a", "b", "c", "d"],
      answer: "b",
      explanation: null,
      conceptTags: [],
      timecode: null,
    },
  ],
};

/** A small RFC 4180 reader (quoted fields, doubled quotes, line breaks inside quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let isQuoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (isQuoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') isQuoted = false;
      else field += char;
    } else if (char === '"') isQuoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += char;
  }
  return rows;
}

describe("Anki CSV", () => {
  const csv = toAnkiCsv(data);
  const lines = csv.split("\r\n");

  it("starts with Anki's file headers naming the columns and the tags column", () => {
    expect(lines.slice(0, 4)).toEqual([
      "#separator:comma",
      "#html:false",
      "#columns:Front,Back,Tags,Source timecode",
      "#tags column:3",
    ]);
  });

  it("has one quoted row of four fields per question, parseable as RFC 4180", () => {
    const rows = parseCsv(
      csv
        .split("\r\n")
        .filter((line) => !line.startsWith("#"))
        .join("\r\n"),
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toHaveLength(4);
    const [front, back, tags = "", timecode] = rows[0] as string[];
    expect(front).toBe(
      'Which company builds EUV machines, "the" bottleneck?\n\nA. ASML\nB. Intel, Inc.\nC. TSMC\nD. Nvidia',
    );
    expect(back).toBe(
      'Answer: ASML\n\nAt 1:05: "ASML builds them,\nalone."\n\nChips, "Fabs" & Power (Signal & Noise) at 1:05',
    );
    expect(tags.split(" ")).toEqual(["earmark", "signal_&_noise", "euv_lithography", "supply_chain"]);
    expect(timecode).toBe("1:05");
    expect(rows[1]).toEqual([
      "Untimed?\n\nA. a\nB. b\nC. c\nD. d",
      'Answer: b\n\nChips, "Fabs" & Power (Signal & Noise)',
      "earmark signal_&_noise",
      "",
    ]);
  });

  it("is named from the first 8 characters of the episode id", () => {
    expect(exportFileName(data.id, "csv")).toBe("earmark-3f2a1b4c.csv");
    expect(exportFileName(data.id, "md")).toBe("earmark-3f2a1b4c.md");
  });

  it("is only the headers for an episode without questions", () => {
    expect(
      toAnkiCsv({ ...data, questions: [] })
        .trim()
        .split("\r\n"),
    ).toHaveLength(4);
  });
});

describe("Markdown note", () => {
  const markdown = toMarkdown(data, "https://earmark.example/episode/3f2a1b4c-1111-4222-8333-944455556666");

  it("opens with YAML front matter whose strings are quoted", () => {
    const [, frontMatter] = markdown.split("---\n");
    expect(frontMatter).toContain('title: "Chips, \\"Fabs\\" & Power"');
    expect(frontMatter).toContain('podcast: "Signal & Noise"');
    expect(frontMatter).toContain("date: 2026-03-04");
    expect(frontMatter).toContain('duration: "1:02:05"');
    expect(frontMatter).toContain('topics: ["semiconductors", "export controls"]');
    expect(frontMatter).toContain('themes: ["ai-tech", "geopolitics"]');
  });

  it("has the summary, timed insights, chapters and questions with answers", () => {
    expect(markdown).toContain("## Summary\n\nWho makes the chips. And why it \\*matters\\*.");
    expect(markdown).toContain("- **1:05** One firm makes the machines");
    expect(markdown).toContain("- No time");
    expect(markdown).toContain("- **0:00** Intro\n- **1:00:01** Late");
    expect(markdown).toContain('### 1. Which company builds EUV machines, "the" bottleneck?');
    expect(markdown).toContain("- B. Intel, Inc.");
    expect(markdown).toContain("**Answer:** ASML (1:05)");
    expect(markdown).toContain('> At 1:05: "ASML builds them, alone."');
    expect(markdown).toContain("[Open in Earmark](https://earmark.example/episode/");
  });

  it("says so when there is no summary and leaves out empty sections", () => {
    const bare = toMarkdown(
      { ...data, summary: null, insights: [], chapters: [], questions: [], topics: [] },
      "u",
    );
    expect(bare).toContain("_No summary yet._");
    for (const heading of ["## Key insights", "## Chapters", "## Questions", "## Topics"])
      expect(bare).not.toContain(heading);
  });
});
