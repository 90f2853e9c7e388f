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

  it("refuses DTDs and things that are not OPML", () => {
    expect(() => parseOpml('<!DOCTYPE x [<!ENTITY a "b">]><opml><body/></opml>')).toThrow(OpmlError);
    expect(() => parseOpml("<rss><channel/></rss>")).toThrow(/not OPML/);
    expect(() => parseOpml("<opml><body><outline")).toThrow(OpmlError);
  });
});
