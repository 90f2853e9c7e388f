import { describe, expect, it } from "vitest";
import {
  isKnowledgeThemeId,
  knowledgeThemeIds,
  knowledgeThemes,
  matchThemes,
  scoreThemes,
} from "./knowledge-themes.ts";

describe("knowledge themes", () => {
  it("has the eight themes of spec 3 §9, each with a name, icon, description and keywords", () => {
    expect(knowledgeThemes.map((theme) => theme.id)).toEqual([...knowledgeThemeIds]);
    expect(knowledgeThemes).toHaveLength(8);
    for (const theme of knowledgeThemes) {
      expect(theme.name).not.toBe("");
      expect(theme.icon).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(theme.description).not.toBe("");
      expect(theme.keywords.length).toBeGreaterThanOrEqual(20);
    }
  });

  it("matches by equality, case-insensitively", () => {
    expect(matchThemes(["Stoicism"])).toEqual(["philosophy"]);
    expect(matchThemes(["VACCINE"])).toEqual(["science"]);
  });

  it("matches a tag that contains a keyword as whole words, with plurals folded", () => {
    expect(matchThemes(["large language models"])).toEqual(["ai-tech"]);
    expect(matchThemes(["the Roman empires"])).toEqual(["geopolitics"]);
    expect(matchThemes(["Prisoner's Dilemma"])).toEqual(["society"]);
  });

  it("does not match inside words or a tag contained in a keyword", () => {
    // "ai" is a keyword, but "chair" and "maintain" do not contain it as a word.
    expect(matchThemes(["chair", "maintain"])).toEqual([]);
    // "learning" is personal growth; it does not pull in "machine learning" (ai-tech).
    expect(matchThemes(["learning"])).toEqual(["personal-growth"]);
  });

  it("returns themes in the fixed order and counts hits per theme", () => {
    expect(matchThemes(["nuclear war", "existential risk"])).toEqual(["geopolitics", "existential"]);
    expect(matchThemes(["cold war", "index fund"])).toEqual(["geopolitics", "business"]);
    const hits = Object.fromEntries(
      scoreThemes(["AI", "chips", "export controls"]).map((s) => [s.id, s.hits]),
    );
    expect(hits["ai-tech"]).toBe(2);
    expect(hits.geopolitics).toBe(1);
  });

  it("recognises theme ids", () => {
    expect(isKnowledgeThemeId("science")).toBe(true);
    expect(isKnowledgeThemeId("cooking")).toBe(false);
  });
});
