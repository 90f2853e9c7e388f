import { describe, expect, it } from "vitest";
import {
  estimateReadMinutes,
  gatePostBlocks,
  type PostBlock,
  postInputSchema,
  reflectionSchema,
  slugify,
} from "./feed.ts";

const blocks: PostBlock[] = [
  { type: "paragraph", content: "Open." },
  { type: "premium-gate", content: "Teaser." },
  { type: "paragraph", content: "Closed." },
  { type: "premium-gate", content: "Second gate." },
  { type: "paragraph", content: "Deeper." },
];

describe("gatePostBlocks", () => {
  it("stops a free reader at the first gate, teaser included", () => {
    expect(gatePostBlocks(blocks, false)).toEqual({ blocks: blocks.slice(0, 2), isGated: true });
  });
  it("gives a premium reader every block without the gates", () => {
    expect(gatePostBlocks(blocks, true).blocks.map((block) => block.type)).toEqual([
      "paragraph",
      "paragraph",
      "paragraph",
    ]);
  });
  it("leaves a post without a gate whole", () => {
    expect(gatePostBlocks([blocks[0] as PostBlock], false)).toEqual({ blocks: [blocks[0]], isGated: false });
  });
});

describe("slugify", () => {
  it("makes lower-case ASCII words joined by hyphens", () => {
    expect(slugify("  Betray or Cooperate? The Prisoner's Dilemma  ")).toBe(
      "betray-or-cooperate-the-prisoner-s-dilemma",
    );
    expect(slugify("Café Économie")).toBe("cafe-economie");
    expect(slugify("!!!")).toBe("post");
  });
});

describe("the reflection rule", () => {
  it("counts characters after trimming, 10 to 500", () => {
    expect(reflectionSchema.safeParse({ content: "  123456789  " }).success).toBe(false);
    expect(reflectionSchema.safeParse({ content: "1234567890" }).success).toBe(true);
    expect(reflectionSchema.safeParse({ content: "x".repeat(501) }).success).toBe(false);
  });
});

describe("the post form", () => {
  it("turns blanks into nulls and refuses script links", () => {
    const parsed = postInputSchema.parse({
      type: "weekly",
      title: " T ",
      slug: "",
      dek: " ",
      heroImage: "",
      blocks: [],
    });
    expect(parsed).toMatchObject({
      title: "T",
      slug: null,
      dek: null,
      heroImage: null,
      topics: [],
      sources: [],
    });
    const bad = postInputSchema.safeParse({
      type: "weekly",
      title: "T",
      blocks: [{ type: "image", src: "javascript:alert(1)" }],
    });
    expect(bad.success).toBe(false);
  });
  it("estimates reading time at 220 words a minute, at least one", () => {
    expect(estimateReadMinutes([{ type: "paragraph", content: "word ".repeat(660) }], null)).toBe(3);
    expect(estimateReadMinutes([], null)).toBe(1);
  });
});
