import { describe, expect, it } from "vitest";
import {
  collapseWhitespace,
  decodeHtmlEntities,
  extractLinks,
  htmlToText,
  truncateText,
} from "./html-text.ts";

describe("htmlToText", () => {
  it("removes tags and hidden content, decodes entities, keeps paragraphs and list lines", () => {
    const html = `<h2>Title</h2><p>First&nbsp;para with <b>bold</b>
      and a line<br>break.</p><ul><li>One</li><li>Two</li></ul>
      <script>var x = "<p>NO</p>";</script><style>p { color: red }</style><template>TPL</template>
      <p>Caf&eacute; &amp; &#x1F600; <img src="x.png" alt="a picture"></p>`;
    expect(htmlToText(html)).toBe(
      "Title\n\nFirst para with bold and a line\nbreak.\n\nOne\nTwo\n\nCafé & 😀 a picture",
    );
  });

  it("treats text without tags as plain text, keeping its line breaks", () => {
    expect(htmlToText("Q&amp;A time.\n\nSecond   paragraph.")).toBe("Q&A time.\n\nSecond paragraph.");
    expect(htmlToText("")).toBe("");
  });

  it("copes with broken HTML", () => {
    expect(htmlToText("<p>Unclosed <b>bold <i>italic")).toBe("Unclosed bold italic");
    expect(htmlToText("a < b and c > d")).toBe("a < b and c > d");
    expect(htmlToText("<script>never closed")).toBe("");
  });
});

describe("extractLinks", () => {
  it("returns absolute, de-duplicated http(s) links with labels", () => {
    const html = `<a href="https://a.example/x">A</a> <a href="/rel">Relative</a> <a href="https://a.example/x">dup</a>
      <a href="mailto:x@y.z">mail</a> <a href="javascript:void(0)">js</a> <a href="ftp://f.example">ftp</a>
      <a href="https://img.example/" title="Titled"><img src="i.png"></a> <a>no href</a>
      Bare: https://bare.example/page). <script>"https://script.example/"</script>`;
    expect(extractLinks(html, "https://feed.example/show/feed.xml")).toEqual([
      { url: "https://a.example/x", label: "A" },
      { url: "https://feed.example/rel", label: "Relative" },
      { url: "https://img.example/", label: "Titled" },
      { url: "https://bare.example/page", label: "https://bare.example/page" },
    ]);
  });

  it("keeps entity-encoded query strings of bare URLs in HTML whole", () => {
    expect(extractLinks("<p>Visit https://x.example/?a=1&amp;b=2 now</p>", "https://f.example/")).toEqual([
      { url: "https://x.example/?a=1&b=2", label: "https://x.example/?a=1&b=2" },
    ]);
  });

  it("finds bare URLs in plain text", () => {
    expect(extractLinks("See https://x.example/a, and http://y.example.", "https://f.example/")).toEqual([
      { url: "https://x.example/a", label: "https://x.example/a" },
      { url: "http://y.example/", label: "http://y.example" },
    ]);
  });
});

describe("text helpers", () => {
  it("decodes HTML entities that end in a semicolon only", () => {
    expect(decodeHtmlEntities("Tom &amp; Jerry&rsquo;s &copy; 2024 &#8212; AT&T &lt3 &bogus;")).toBe(
      "Tom & Jerry’s © 2024 — AT&T &lt3 &bogus;",
    );
  });

  it("collapses whitespace but keeps one blank line between paragraphs", () => {
    expect(collapseWhitespace("  a \t b\u00a0c \n\n\n\n d \r\n e  ")).toBe("a b c\n\nd\ne");
  });

  it("truncates at a word boundary with an ellipsis", () => {
    expect(truncateText("short", 10)).toBe("short");
    const cut = truncateText("alpha beta gamma delta epsilon", 20);
    expect(cut).toBe("alpha beta gamma…");
    expect(cut.length).toBeLessThanOrEqual(20);
    expect(truncateText("😀".repeat(10), 6).length).toBeLessThanOrEqual(6);
  });
});
