import { describe, expect, it } from "vitest";
import { buildOpml, OpmlError, parseOpml } from "./opml.ts";

describe("OPML", () => {
  it("round-trips feeds, including characters that need escaping", () => {
    const feeds = [
      {
        title: "Signal & Noise",
        xmlUrl: "https://example.com/feed.xml?a=1&b=2",
        htmlUrl: "https://example.com/",
      },
      { title: 'The "Long" View', xmlUrl: "https://other.example/rss", htmlUrl: null },
    ];
    expect(parseOpml(buildOpml("My podcasts", feeds))).toEqual({ feeds, invalid: [] });
  });

  it("flattens folders, drops duplicates and reports non-http URLs", () => {
    const xml = `<?xml version="1.0"?><opml version="1.0"><head/><body>
      <outline text="News"><outline text="A" type="rss" xmlUrl="https://a.example/feed"/>
        <outline text="A again" xmlUrl="https://a.example/feed"/></outline>
      <outline text="Bad" xmlUrl="file:///etc/passwd"/><outline text="B" xmlUrl="http://b.example/rss"/>
      <outline text="Folder without feeds"/></body></opml>`;
    const result = parseOpml(xml);
    expect(result.feeds.map((f) => f.xmlUrl)).toEqual(["https://a.example/feed", "http://b.example/rss"]);
    expect(result.feeds[0]?.title).toBe("A");
    expect(result.invalid).toEqual(["file:///etc/passwd"]);
  });

  it("never keeps a website link that is not http(s)", () => {
    const xml = `<opml version="2.0"><body>
      <outline text="A" xmlUrl="https://a.example/feed" htmlUrl="javascript:alert(document.cookie)"/>
      <outline text="B" xmlUrl="https://b.example/feed" htmlUrl="  JaVaScRiPt&#58;alert(1)"/>
      <outline text="C" xmlUrl="https://c.example/feed" htmlUrl="data:text/html,&lt;script&gt;x&lt;/script&gt;"/>
      <outline text="D" xmlUrl="https://d.example/feed" htmlUrl="https://d.example/"/></body></opml>`;
    expect(parseOpml(xml).feeds.map((feed) => feed.htmlUrl)).toEqual([
      null,
      null,
      null,
      "https://d.example/",
    ]);
  });

  it("exports no non-http(s) link, even one stored before the rule", () => {
    const opml = buildOpml("Mine", [
      { title: "A", xmlUrl: "https://a.example/feed", htmlUrl: "javascript:alert(1)" },
      { title: "B", xmlUrl: "javascript:alert(2)", htmlUrl: null },
      { title: "C", xmlUrl: "https://c.example/feed", htmlUrl: "https://c.example/" },
    ]);
    expect(opml).not.toMatch(/javascript/i);
    expect(parseOpml(opml).feeds).toEqual([
      { title: "A", xmlUrl: "https://a.example/feed", htmlUrl: null },
      { title: "C", xmlUrl: "https://c.example/feed", htmlUrl: "https://c.example/" },
    ]);
  });

  it("refuses DTDs and things that are not OPML", () => {
    expect(() => parseOpml('<!DOCTYPE x [<!ENTITY a "b">]><opml><body/></opml>')).toThrow(OpmlError);
    expect(() => parseOpml("<rss><channel/></rss>")).toThrow(/not OPML/);
    expect(() => parseOpml("<opml><body><outline")).toThrow(OpmlError);
  });
});
