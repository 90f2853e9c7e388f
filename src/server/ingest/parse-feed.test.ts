import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { generateFeed } from "./__fixtures__/generate-feed.ts";
import { FeedParseError, parseFeed, parseFeedDate } from "./parse-feed.ts";

const FEED_URL = "https://feeds.example.com/show/feed.xml";

const NS = `xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"`;

function rss(channel: string, namespaces = NS): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" ${namespaces}><channel>${channel}</channel></rss>`;
}

function parseError(fn: () => unknown): FeedParseError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(FeedParseError);
    return error as FeedParseError;
  }
  throw new Error("expected parseFeed to throw");
}

describe("parseFeed: iTunes-only feed", () => {
  const xml = rss(
    `<title>Deep Work Radio</title>
    <link>https://deepwork.example/</link>
    <description>Focus, &lt;b&gt;craft&lt;/b&gt; and time.</description>
    <language>en-GB</language>
    <itunes:author>Cal Example</itunes:author>
    <itunes:explicit>no</itunes:explicit>
    <itunes:image href="https://deepwork.example/cover.jpg"/>
    <itunes:category text="Education"><itunes:category text="Self-Improvement"/></itunes:category>
    <itunes:category text="Business"/>
    <itunes:new-feed-url>https://new.example/feed.xml</itunes:new-feed-url>
    <item>
      <title>Episode 12 – The Shallows</title>
      <itunes:summary>Why attention is scarce.

A second paragraph.</itunes:summary>
      <description>&lt;p&gt;HTML version with a &lt;a href="https://books.example/shallows"&gt;book link&lt;/a&gt;&lt;/p&gt;</description>
      <guid isPermaLink="false">dw-12</guid>
      <pubDate>Tue, 05 Mar 2024 10:00:00 +0000</pubDate>
      <enclosure url="https://media.example/dw12.mp3" length="34216300" type="audio/mpeg"/>
      <itunes:duration>62:03</itunes:duration>
      <itunes:explicit>yes</itunes:explicit>
      <itunes:episode>12</itunes:episode>
      <itunes:season>2</itunes:season>
      <itunes:episodeType>full</itunes:episodeType>
      <itunes:image href="https://media.example/dw12.jpg"/>
      <itunes:keywords>focus, attention, focus</itunes:keywords>
    </item>
    <item>
      <title>Trailer</title>
      <guid>dw-0</guid>
      <enclosure url="https://media.example/trailer.mp3" length="0" type="audio/mpeg"/>
    </item>`,
    `xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"`,
  );
  const feed = parseFeed(xml, FEED_URL);

  it("reads the channel", () => {
    expect(feed).toMatchObject({
      title: "Deep Work Radio",
      description: "Focus, craft and time.",
      author: "Cal Example",
      link: "https://deepwork.example/",
      image: "https://deepwork.example/cover.jpg",
      podcastGuid: null,
      language: "en-GB",
      persons: [],
      explicit: false,
      newFeedUrl: "https://new.example/feed.xml",
      categories: ["Education", "Self-Improvement", "Business"],
    });
    expect(feed.items).toHaveLength(2);
  });

  it("reads an item", () => {
    const item = feed.items[0];
    expect(item).toMatchObject({
      guid: "dw-12",
      title: "Episode 12 – The Shallows",
      link: null,
      summary: "Why attention is scarce.\n\nA second paragraph.",
      showNotes: [{ url: "https://books.example/shallows", label: "book link" }],
      enclosure: { url: "https://media.example/dw12.mp3", type: "audio/mpeg", length: 34216300 },
      duration: 3723,
      image: "https://media.example/dw12.jpg",
      transcripts: [],
      chaptersUrl: null,
      persons: [],
      explicit: true,
      episodeNumber: 12,
      season: 2,
      youtubeUrl: null,
      episodeType: "full",
      categories: ["focus", "attention"],
    });
    expect(item?.pubDate?.toISOString()).toBe("2024-03-05T10:00:00.000Z");
  });

  it("falls back to the channel's explicit flag and drops a zero enclosure length", () => {
    expect(feed.items[1]).toMatchObject({
      explicit: false,
      enclosure: { length: null },
      duration: null,
      pubDate: null,
    });
  });
});

describe("parseFeed: Podcasting 2.0 feed", () => {
  const xml = rss(`
    <title>Podcasting 2.0</title>
    <description>The namespace, live.</description>
    <podcast:guid>917393e3-1b1e-5cef-ace4-edaa54e1f810</podcast:guid>
    <podcast:person role="Host" img="/img/adam.jpg" href="https://adam.example">Adam Curry</podcast:person>
    <podcast:person>Dave Jones</podcast:person>
    <itunes:image href="https://pc20.example/art.png"/>
    <item>
      <title>Episode 150: Boostagrams</title>
      <guid>pc20-150</guid>
      <link>https://pc20.example/150</link>
      <enclosure url="https://media.pc20.example/150.mp3" length="1000" type="audio/mpeg"/>
      <itunes:duration>PT1H2M3S</itunes:duration>
      <podcast:episode>150</podcast:episode>
      <podcast:season name="Two">2</podcast:season>
      <podcast:person role="guest" group="Cast" href="https://guest.example">Guest Person</podcast:person>
      <podcast:person role="host">Adam Curry</podcast:person>
      <podcast:person role="HOST">Adam Curry</podcast:person>
      <podcast:transcript url="https://pc20.example/150.vtt" type="text/vtt" language="en" rel="captions"/>
      <podcast:transcript url="/150.json" type="application/json"/>
      <podcast:transcript url="https://pc20.example/150.srt"/>
      <podcast:chapters url="https://pc20.example/150-chapters.json" type="application/json+chapters"/>
      <podcast:alternateEnclosure type="video/mp4">
        <podcast:source uri="https://www.youtube.com/watch?v=dQw4w9WgXcQ&amp;t=10"/>
      </podcast:alternateEnclosure>
    </item>
    <item>
      <title>Episode 149</title>
      <guid>pc20-149</guid>
      <enclosure url="https://media.pc20.example/149.mp3" type="audio/mpeg"/>
    </item>`);
  const feed = parseFeed(xml, FEED_URL);

  it("reads the podcast guid and channel persons (role lowercased, host by default)", () => {
    expect(feed.podcastGuid).toBe("917393e3-1b1e-5cef-ace4-edaa54e1f810");
    expect(feed.persons).toEqual([
      {
        name: "Adam Curry",
        role: "host",
        group: "cast",
        img: "https://feeds.example.com/img/adam.jpg",
        href: "https://adam.example/",
      },
      { name: "Dave Jones", role: "host", group: "cast", img: null, href: null },
    ]);
  });

  it("reads item persons, transcripts, chapters, numbers and the YouTube alternate", () => {
    const item = feed.items[0];
    expect(item?.persons).toEqual([
      { name: "Guest Person", role: "guest", group: "cast", img: null, href: "https://guest.example/" },
      { name: "Adam Curry", role: "host", group: "cast", img: null, href: null },
    ]);
    expect(item?.transcripts).toEqual([
      { url: "https://pc20.example/150.vtt", type: "text/vtt", language: "en", rel: "captions" },
      { url: "https://feeds.example.com/150.json", type: "application/json", language: null, rel: null },
      { url: "https://pc20.example/150.srt", type: "application/x-subrip", language: null, rel: null },
    ]);
    expect(item).toMatchObject({
      chaptersUrl: "https://pc20.example/150-chapters.json",
      duration: 3723,
      episodeNumber: 150,
      season: 2,
      youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    });
  });

  it("gives channel persons to items that have none", () => {
    expect(feed.items[1]?.persons.map((p) => p.name)).toEqual(["Adam Curry", "Dave Jones"]);
  });
});

describe("parseFeed: namespace URIs that are object members", () => {
  it("reads the feed and ignores the unknown prefixes", () => {
    for (const uri of ["constructor", "__proto__", "toString"]) {
      const feed = parseFeed(
        rss(
          `<title>T</title><x:author>Nobody</x:author>
          <item><title>A</title><enclosure url="https://m.example/a.mp3" type="audio/mpeg"/></item>`,
          `${NS} xmlns:x="${uri}"`,
        ),
        FEED_URL,
      );
      expect(feed.title).toBe("T");
      expect(feed.items.map((item) => item.title)).toEqual(["A"]);
    }
  });
});

describe("parseFeed: guids and duplicates", () => {
  it("returns a null guid when the item has none (or an empty one)", () => {
    const feed = parseFeed(
      rss(`<title>T</title>
        <item><title>A</title><enclosure url="https://m.example/a.mp3" type="audio/mpeg"/></item>
        <item><title>B</title><guid>  </guid><enclosure url="https://m.example/b.mp3"/></item>`),
      FEED_URL,
    );
    expect(feed.items.map((i) => i.guid)).toEqual([null, null]);
    expect(feed.items[0]?.enclosure?.url).toBe("https://m.example/a.mp3");
  });

  it("collapses items with the same guid, or the same enclosure when there is no guid, keeping the first", () => {
    const feed = parseFeed(
      rss(`<title>T</title>
        <item><title>First</title><guid>g1</guid><enclosure url="https://m.example/1.mp3"/></item>
        <item><title>Again</title><guid>g1</guid><enclosure url="https://m.example/1-new.mp3"/></item>
        <item><title>No guid</title><enclosure url="https://m.example/2.mp3"/></item>
        <item><title>No guid again</title><enclosure url="https://m.example/2.mp3"/></item>
        <item><title>Re-listed without guid</title><enclosure url="https://m.example/1.mp3"/></item>
        <item><title>Other</title><guid>g3</guid><enclosure url="https://m.example/3.mp3"/></item>`),
      FEED_URL,
    );
    expect(feed.items.map((i) => i.title)).toEqual(["First", "No guid", "Other"]);
  });
});

describe("parseFeed: HTML descriptions", () => {
  const description = `<p>Intro &amp; <b>bold</b> words.</p>
    <script>document.write("SECRET-SCRIPT")</script><style>.x{color:red}</style>
    <p>See <a href="https://example.org/a">Article A</a>, <a href="/relative/b">B</a>,
    <a href="mailto:me@example.com">mail</a>, <a href="javascript:alert(1)">js</a>,
    <a href="https://example.org/a">Article A again</a> and https://bare.example/path.</p>
    <noscript>NOSCRIPT-TEXT</noscript><iframe src="https://evil.example">IFRAME-TEXT</iframe>`;
  const encoded = `<p>Full notes: <a href="https://example.org/c">C</a> <a href="https://example.org/a">A</a></p>
    <ul><li>One</li><li>Two</li></ul><script>alert("ENCODED-SCRIPT")</script>`;
  const feed = parseFeed(
    rss(`<title>T</title><item><title>Ep</title><guid>1</guid>
      <description><![CDATA[${description}]]></description>
      <content:encoded><![CDATA[${encoded}]]></content:encoded></item>`),
    FEED_URL,
  );
  const item = feed.items[0];

  it("turns the description into plain text without script, style or iframe content", () => {
    expect(item?.summary).toBe(
      "Intro & bold words.\n\nSee Article A, B, mail, js, Article A again and https://bare.example/path.",
    );
    const all = JSON.stringify(feed);
    for (const hidden of ["SECRET-SCRIPT", "ENCODED-SCRIPT", "color:red", "NOSCRIPT-TEXT", "IFRAME-TEXT"]) {
      expect(all).not.toContain(hidden);
    }
  });

  it("collects absolute, de-duplicated http(s) show-note links from description and content:encoded", () => {
    expect(item?.showNotes).toEqual([
      { url: "https://example.org/a", label: "Article A" },
      { url: "https://feeds.example.com/relative/b", label: "B" },
      { url: "https://bare.example/path", label: "https://bare.example/path" },
      { url: "https://example.org/c", label: "C" },
    ]);
  });

  it("caps the summary at 5000 characters", () => {
    const long = `<p>${"word ".repeat(3000)}</p>`;
    const capped = parseFeed(
      rss(`<title>T</title><item><title>Ep</title><description><![CDATA[${long}]]></description></item>`),
      FEED_URL,
    ).items[0]?.summary;
    expect(capped?.length).toBeLessThanOrEqual(5000);
    expect(capped?.endsWith("…")).toBe(true);
  });

  it("decodes entities once in text, never inside CDATA twice, and double-escaped titles", () => {
    const feed2 = parseFeed(
      rss(`<title>Tom &amp;amp; Jerry&#8217;s &lt;Show&gt;</title>
        <item><title><![CDATA[Q&A: <3 & more]]></title><guid>1</guid></item>
        <item><title>Caf&#xE9; &#128512;</title><guid>2</guid></item>`),
      FEED_URL,
    );
    expect(feed2.title).toBe("Tom & Jerry’s <Show>");
    expect(feed2.items.map((i) => i.title)).toEqual(["Q&A: <3 & more", "Café 😀"]);
  });
});

describe("parseFeed: URLs", () => {
  it("resolves relative URLs against the feed URL", () => {
    const feed = parseFeed(
      rss(`<title>T</title><link>/</link><itunes:image href="art/cover.jpg"/>
        <item><title>Ep</title><link>episodes/1</link>
          <enclosure url="../audio/1.mp3" type="audio/mpeg"/>
          <itunes:image href="//cdn.example.com/1.jpg"/>
          <podcast:chapters url="chapters/1.json" type="application/json+chapters"/></item>`),
      FEED_URL,
    );
    expect(feed.link).toBe("https://feeds.example.com/");
    expect(feed.image).toBe("https://feeds.example.com/show/art/cover.jpg");
    expect(feed.items[0]).toMatchObject({
      link: "https://feeds.example.com/show/episodes/1",
      enclosure: { url: "https://feeds.example.com/audio/1.mp3" },
      image: "https://cdn.example.com/1.jpg",
      chaptersUrl: "https://feeds.example.com/show/chapters/1.json",
    });
  });

  it("honours xml:base on the channel and the item", () => {
    const feed = parseFeed(
      `<rss version="2.0"><channel xml:base="https://base.example/podcast/"><title>T</title>
        <item><title>A</title><enclosure url="a.mp3"/></item>
        <item xml:base="https://other.example/x/"><title>B</title><enclosure url="b.mp3"/></item>
      </channel></rss>`,
      FEED_URL,
    );
    expect(feed.items.map((i) => i.enclosure?.url)).toEqual([
      "https://base.example/podcast/a.mp3",
      "https://other.example/x/b.mp3",
    ]);
  });

  it("drops non-http(s) URLs", () => {
    const feed = parseFeed(
      rss(`<title>T</title><item><title>Ep</title><link>javascript:alert(1)</link>
        <enclosure url="file:///etc/passwd"/><itunes:image href="data:image/png;base64,AAAA"/></item>`),
      FEED_URL,
    );
    expect(feed.items[0]).toMatchObject({ link: null, enclosure: null, image: null });
  });

  it("finds YouTube videos in the link or the enclosure", () => {
    const feed = parseFeed(
      rss(`<title>T</title>
        <item><title>A</title><link>https://youtu.be/dQw4w9WgXcQ</link></item>
        <item><title>B</title><enclosure url="https://www.youtube.com/watch?v=aqz-KE-bpKQ" type="video/mp4"/></item>`),
      FEED_URL,
    );
    expect(feed.items.map((i) => i.youtubeUrl)).toEqual([
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
    ]);
  });
});

describe("parseFeed: namespaces and encodings", () => {
  it("matches namespaces by their URI whatever the prefix, and tag names in any case", () => {
    const feed = parseFeed(
      `<rss version="2.0" xmlns:itms="http://www.itunes.com/DTDs/Podcast-1.0.dtd" xmlns:pi="https://podcastindex.org/namespace/1.0">
        <channel><Title>Odd</Title>
          <item><TITLE>Ep</TITLE><GUID>x</GUID><itms:Duration>1:00</itms:Duration><ITMS:EPISODE>3</ITMS:EPISODE>
            <pi:Person Role="Guest">Someone</pi:Person></item>
        </channel></rss>`,
      FEED_URL,
    );
    expect(feed.title).toBe("Odd");
    expect(feed.items[0]).toMatchObject({
      title: "Ep",
      guid: "x",
      duration: 60,
      episodeNumber: 3,
      persons: [{ name: "Someone", role: "guest" }],
    });
  });

  it("reads undeclared itunes:/podcast: prefixes", () => {
    const feed = parseFeed(
      `<rss version="2.0"><channel><title>T</title><item><title>Ep</title><itunes:duration>90</itunes:duration></item></channel></rss>`,
      FEED_URL,
    );
    expect(feed.items[0]?.duration).toBe(90);
  });

  it("decodes bytes by the declared encoding and by BOM", () => {
    const latin1 = Buffer.from(
      '<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><title>Caf\xe9 cr\xe8me</title></channel></rss>',
      "latin1",
    );
    expect(parseFeed(latin1, FEED_URL).title).toBe("Café crème");
    const bom = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('<?xml version="1.0"?><rss><channel><title>Ünïcode</title></channel></rss>'),
    ]);
    expect(parseFeed(bom, FEED_URL).title).toBe("Ünïcode");
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from("<rss><channel><title>Wide</title></channel></rss>", "utf16le"),
    ]);
    expect(parseFeed(utf16, FEED_URL).title).toBe("Wide");
  });

  it("tolerates whitespace before the XML declaration and reads RSS 1.0 (RDF) items", () => {
    const feed = parseFeed(
      `\n\n<?xml version="1.0"?><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/">
        <channel><title>RDF</title></channel><item><title>One</title><link>https://x.example/1</link></item></rdf:RDF>`,
      FEED_URL,
    );
    expect(feed.title).toBe("RDF");
    expect(feed.items.map((i) => i.title)).toEqual(["One"]);
  });

  it("gives untitled items a title from the summary or the file name", () => {
    const feed = parseFeed(
      rss(`<item><description>Just a description here.</description></item>
        <item><enclosure url="https://m.example/My%20Episode.mp3"/></item><item/>`),
      FEED_URL,
    );
    expect(feed.title).toBe("Untitled podcast");
    expect(feed.items.map((i) => i.title)).toEqual(["Just a description here.", "My Episode.mp3"]);
  });
});

describe("parseFeed: refusals", () => {
  it.each([
    ["<rss><channel><title>x</channel></rss>", /^The feed is not valid XML: Expected closing tag 'title'/],
    [
      "<rss><channel><title>x</title></channel>",
      /^The feed is not valid XML: it ends before its closing <\/rss> tag, so the download was cut off/,
    ],
    [
      "just some text",
      /^The feed is not valid XML: it starts with text, not an element \("just some text"\)/,
    ],
    [
      "<rss><channel><title>x</title><item><description><![CDATA[<p>Cut off in the mid",
      /^The feed is not valid XML: a CDATA section opened on line 1 is never closed/,
    ],
    [
      "<rss><channel><title>x</title><item><description><![CDAT",
      /^The feed is not valid XML: a CDATA section is broken or cut off \(line 1\)/,
    ],
    [
      "Warning: include(x.php): failed to open stream\n<channel><title>x</title></channel>",
      /^The feed is not valid XML: it starts with text, not an element \("Warning: include/,
    ],
    ["", /^The feed is empty\.$/],
    ["<rss version='2.0'><foo/></rss>", /^The feed has no channel\.$/],
    [
      "<!DOCTYPE html><html><body>Hi</body></html>",
      /^The address points to a web page, not a podcast feed\.$/,
    ],
  ])("refuses %j", (xml, message) => {
    expect(parseError(() => parseFeed(xml, FEED_URL)).message).toMatch(message);
  });

  it("refuses a billion-laughs document before expanding anything", () => {
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol9 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
]>
<rss><channel><title>&lol9;</title></channel></rss>`;
    const started = performance.now();
    expect(parseError(() => parseFeed(laughs, FEED_URL)).message).toBe(
      "The feed declares a DOCTYPE; DTDs are not allowed.",
    );
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("refuses XXE (file and network) without reading anything", async () => {
    const hits: string[] = [];
    const server = http.createServer((req, res) => {
      hits.push(req.url ?? "");
      res.end("<!ENTITY leak 'LEAKED'>");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const documents = [
        `<?xml version="1.0"?><!DOCTYPE rss SYSTEM "file:///etc/passwd"><rss><channel><title>x</title></channel></rss>`,
        `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><rss><channel><title>&xxe;</title></channel></rss>`,
        `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY % remote SYSTEM "http://127.0.0.1:${port}/evil.dtd"> %remote;]><rss><channel><title>&leak;</title></channel></rss>`,
        `<?xml version="1.0"?><!doctype rss PUBLIC "-//x//y" "http://127.0.0.1:${port}/public.dtd"><rss><channel><title>x</title></channel></rss>`,
        `<rss><channel><title>x</title></channel></rss><!DOCTYPE late [<!ENTITY a "b">]>`,
      ];
      for (const xml of documents) {
        const error = parseError(() => parseFeed(xml, FEED_URL));
        expect(error.message).toBe("The feed declares a DOCTYPE; DTDs are not allowed.");
        expect(error.message).not.toContain("root:");
      }
      // Give any (wrongly) started request time to arrive.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(hits).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("does not mistake DOCTYPE text inside CDATA or comments for a declaration", () => {
    const feed = parseFeed(
      rss(`<!-- <!DOCTYPE nope> --><title>T</title><item><title>Ep</title>
        <description><![CDATA[<!DOCTYPE html><p>Pasted page</p>]]></description></item>`),
      FEED_URL,
    );
    expect(feed.items[0]?.summary).toBe("Pasted page");
  });

  it("survives element names that are JavaScript object internals, without pollution", () => {
    const feed = parseFeed(
      rss(`<title>T</title><__proto__><polluted>yes</polluted></__proto__><constructor>c</constructor>
        <item><title>I</title><hasOwnProperty>1</hasOwnProperty><toString/><guid>g</guid></item>`),
      FEED_URL,
    );
    expect(feed.items.map((i) => i.guid)).toEqual(["g"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("refuses absurdly deep nesting", () => {
    const deep = rss(`<title>T</title>${"<a>".repeat(200)}${"</a>".repeat(200)}`);
    expect(parseError(() => parseFeed(deep, FEED_URL)).message).toBe(
      "The feed nests elements more than 64 levels deep.",
    );
  });

  it("leaves undeclared entities as written instead of failing or expanding them", () => {
    const feed = parseFeed(rss(`<title>A&nbsp;B &unknown; C</title>`), FEED_URL);
    expect(feed.title).toBe("A B &unknown; C");
  });
});

describe("parseFeed: feeds as they exist in the wild", () => {
  const items = `<item><title>One</title><guid>1</guid><enclosure url="https://m.example/1.mp3" type="audio/mpeg"/></item>`;

  it("reads bare ampersands in text, links and attributes, and leaves CDATA as written", () => {
    const feed = parseFeed(
      rss(`<title>AT&T & Friends</title><link>https://show.example/?a=1&b=2</link>
        <item><title>Q&A: R&D</title><guid>g</guid><link>https://show.example/ep?id=1&ref=rss</link>
          <enclosure url="https://m.example/a.mp3?x=1&y=2" type="audio/mpeg"/>
          <description><![CDATA[<p>Tom &amp; Jerry & co</p>]]></description></item>`),
      FEED_URL,
    );
    expect(feed.title).toBe("AT&T & Friends");
    expect(feed.link).toBe("https://show.example/?a=1&b=2");
    expect(feed.items[0]).toMatchObject({
      title: "Q&A: R&D",
      link: "https://show.example/ep?id=1&ref=rss",
      enclosure: { url: "https://m.example/a.mp3?x=1&y=2" },
      summary: "Tom & Jerry & co",
    });
  });

  it("drops the Netscape RSS 0.91 and XHTML DOCTYPEs without fetching their DTDs", async () => {
    const hits: string[] = [];
    const server = http.createServer((req, res) => {
      hits.push(req.url ?? "");
      res.end("<!ENTITY title 'LEAKED'>");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const netscape = `<?xml version="1.0" encoding="ISO-8859-1"?>
<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://127.0.0.1:${port}/rss-0.91.dtd">
<rss version="0.91"><channel><title>Old School</title>${items}</channel></rss>`;
      const xhtml = `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://127.0.0.1:${port}/xhtml1.dtd">
<rss version="2.0"><channel><title>Templated</title>${items}</channel></rss>`;
      expect(parseFeed(netscape, FEED_URL)).toMatchObject({ title: "Old School", items: [{ title: "One" }] });
      expect(parseFeed(xhtml, FEED_URL)).toMatchObject({ title: "Templated", items: [{ title: "One" }] });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(hits).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("drops a harmless internal subset without expanding its entities", () => {
    const feed = parseFeed(
      `<?xml version="1.0"?>
<!DOCTYPE rss [
  <!-- generated -->
  <!ELEMENT rss ANY>
  <!ATTLIST rss version CDATA "2.0">
  <!ENTITY show "Injected">
]>
<rss><channel><title>Plain &show;</title>${items}</channel></rss>`,
      FEED_URL,
    );
    expect(feed.title).toBe("Plain &show;");
    expect(feed.items).toHaveLength(1);
  });

  it("still refuses a subset whose entities refer to others, or anything after the root", () => {
    for (const xml of [
      `<!DOCTYPE rss [<!ENTITY a "x"><!ENTITY b "&a;&a;">]><rss><channel><title>&b;</title></channel></rss>`,
      `<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "x.dtd" [<!ENTITY % p SYSTEM "http://x/">]><rss/>`,
      `<!DOCTYPE rss [<!ENTITY x SYSTEM "file:///etc/passwd">]><rss><channel><title>&x;</title></channel></rss>`,
    ]) {
      expect(parseError(() => parseFeed(xml, FEED_URL)).message).toBe(
        "The feed declares a DOCTYPE; DTDs are not allowed.",
      );
    }
  });

  it("ignores text before the root: PHP warnings, a comment before the XML declaration", () => {
    const php = `<br />
<b>Warning</b>:  Cannot modify header information - headers already sent in <b>/var/www/feed.php</b> on line <b>12</b><br />
<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Warned</title>${items}</channel></rss>`;
    const comment = `<!-- generated by Podcast Generator 3.1 -->
<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Commented</title>${items}</channel></rss>`;
    expect(parseFeed(php, FEED_URL)).toMatchObject({ title: "Warned", items: [{ title: "One" }] });
    expect(parseFeed(comment, FEED_URL)).toMatchObject({ title: "Commented", items: [{ title: "One" }] });
  });

  it("ignores what follows the root: an injected script, a stray closing tag, NUL padding", () => {
    for (const tail of [
      `<script src="https://evil.example/x.js"></script>`,
      "</channel>",
      "\u0000".repeat(512),
      "\n<!-- cached 0.02s -->\n<div>footer</div>",
    ]) {
      const feed = parseFeed(`${rss(`<title>Tail</title>${items}`)}${tail}`, FEED_URL);
      expect(feed).toMatchObject({ title: "Tail", items: [{ title: "One" }] });
    }
  });

  it("keeps the first of repeated attributes", () => {
    const feed = parseFeed(
      rss(`<title>T</title><item><title>Ep</title>
        <enclosure url="https://m.example/first.mp3" url="https://m.example/second.mp3" type="audio/mpeg" type="audio/x-m4a"/></item>`),
      FEED_URL,
    );
    expect(feed.items[0]?.enclosure).toMatchObject({
      url: "https://m.example/first.mp3",
      type: "audio/mpeg",
    });
  });

  describe("encodings", () => {
    const doc = (declaration: string, title: string) =>
      `<?xml version="1.0"${declaration}?><rss version="2.0"><channel><title>${title}</title>${items}</channel></rss>`;
    const titleOf = (bytes: Buffer, contentType?: string) => {
      const title = parseFeed(bytes, FEED_URL, { contentType }).title;
      expect(title).not.toMatch(/\uFFFD|Ã/);
      return title;
    };

    it("uses the HTTP charset when the bytes are not UTF-8", () => {
      // "Привет" in windows-1251, with no XML declaration of its own.
      const bytes = Buffer.concat([
        Buffer.from("<rss><channel><title>"),
        Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]),
        Buffer.from("</title></channel></rss>"),
      ]);
      expect(titleOf(bytes, "application/rss+xml; charset=windows-1251")).toBe("Привет");
      expect(titleOf(bytes, 'text/xml; charset="WINDOWS-1251"')).toBe("Привет");
    });

    it("reads valid UTF-8 as UTF-8 whatever the declaration or the header says", () => {
      for (const declaration of [
        ' encoding="ISO-8859-1"',
        ' encoding="windows-1252"',
        ' encoding="UTF-16"',
      ]) {
        expect(titleOf(Buffer.from(doc(declaration, "Café crème — naïve"), "utf8"))).toBe(
          "Café crème — naïve",
        );
      }
      expect(titleOf(Buffer.from(doc("", "Café"), "utf8"), "text/xml; charset=iso-8859-1")).toBe("Café");
    });

    it("reads invalid UTF-8 without a declaration as windows-1252, byte by byte", () => {
      const cp1252 = Buffer.from(`${doc("", "Caf\xe9 \x93quoted\x94 \x80 5")}`, "latin1");
      expect(titleOf(cp1252)).toBe("Café “quoted” € 5");
      // A UTF-8 template around Latin-1 episode text: each part reads right.
      const mixed = Buffer.concat([
        Buffer.from("<rss><channel><title>Café — ", "utf8"),
        Buffer.from("cr\xe8me", "latin1"),
        Buffer.from("</title></channel></rss>"),
      ]);
      expect(titleOf(mixed)).toBe("Café — crème");
    });

    it("reads UTF-16 without a byte-order mark", () => {
      expect(titleOf(Buffer.from(doc(' encoding="UTF-16"', "Wide é"), "utf16le"))).toBe("Wide é");
    });
  });

  it("reads an Atom podcast feed: entries with an audio enclosure link", () => {
    const feed = parseFeed(
      `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xml:lang="en">
  <title type="text">Atom Radio</title>
  <subtitle type="html">&lt;p&gt;Talks &amp;amp; more&lt;/p&gt;</subtitle>
  <link rel="alternate" type="text/html" href="https://atom.example/"/>
  <link rel="self" href="https://atom.example/feed.atom"/>
  <author><name>Ada Atom</name></author>
  <logo>https://atom.example/cover.jpg</logo>
  <id>urn:uuid:atom-radio</id>
  <updated>2024-05-02T10:00:00Z</updated>
  <entry>
    <title>Episode 2</title>
    <id>tag:atom.example,2024:2</id>
    <link href="/episodes/2"/>
    <link rel="enclosure" type="image/jpeg" href="https://atom.example/2.jpg"/>
    <link rel="enclosure" type="audio/mpeg" length="12345" href="https://atom.example/2.mp3"/>
    <published>2024-05-02T09:00:00Z</published>
    <updated>2024-05-03T09:00:00Z</updated>
    <summary type="html">&lt;p&gt;Second &lt;a href="https://atom.example/notes"&gt;notes&lt;/a&gt;&lt;/p&gt;</summary>
    <itunes:duration>12:34</itunes:duration>
    <category term="science"/>
  </entry>
  <entry>
    <title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Episode 1</div></title>
    <id>tag:atom.example,2024:1</id>
    <link rel="enclosure" type="audio/mp4" href="https://atom.example/1.m4a"/>
    <updated>2024-05-01T09:00:00Z</updated>
    <content type="text">Plain &lt;first&gt; one</content>
  </entry>
</feed>`,
      "https://atom.example/feed.atom",
    );
    expect(feed).toMatchObject({
      title: "Atom Radio",
      description: "Talks & more",
      link: "https://atom.example/",
      author: "Ada Atom",
      image: "https://atom.example/cover.jpg",
      language: "en",
    });
    expect(feed.items).toHaveLength(2);
    expect(feed.items[0]).toMatchObject({
      guid: "tag:atom.example,2024:2",
      title: "Episode 2",
      link: "https://atom.example/episodes/2",
      enclosure: { url: "https://atom.example/2.mp3", type: "audio/mpeg", length: 12345 },
      duration: 754,
      pubDate: new Date("2024-05-02T09:00:00Z"),
      summary: "Second notes",
      showNotes: [{ url: "https://atom.example/notes" }],
      categories: ["science"],
    });
    expect(feed.items[1]).toMatchObject({
      title: "Episode 1",
      enclosure: { url: "https://atom.example/1.m4a" },
      summary: "Plain <first> one",
      pubDate: new Date("2024-05-01T09:00:00Z"),
    });
  });

  it("tells a web page with an XHTML DOCTYPE from a feed", () => {
    const page = `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Blog</title></head><body/></html>`;
    expect(parseError(() => parseFeed(page, FEED_URL)).message).toBe(
      "The address points to a web page, not a podcast feed.",
    );
  });
});

describe("parseFeed: a 10,000-item feed", () => {
  it("parses every item", () => {
    const feed = parseFeed(generateFeed(10_000), "https://example.com/feed.xml");
    expect(feed.items).toHaveLength(10_000);
    expect(feed.title).toBe("The Long Game");
    const item = feed.items[4999];
    expect(item).toMatchObject({
      guid: "urn:uuid:00000000-0000-4000-8000-000000005000",
      title: "Episode 5000: Compounding & the long game",
      link: "https://example.com/episodes/5000",
      enclosure: {
        url: "https://cdn.example.com/audio/episode-5000.mp3",
        type: "audio/mpeg",
        length: 48_005_000,
      },
      duration: 2 * 3600 + 20 * 60 + 20, // "2:20:20"
      episodeNumber: 5000,
      season: 51,
      explicit: false,
      chaptersUrl: "https://example.com/chapters/5000.json",
      transcripts: [
        { url: "https://example.com/transcripts/5000.vtt", type: "text/vtt", language: "en", rel: null },
      ],
      persons: [
        { name: "Jane Host", role: "host" },
        { name: "Guest 5000", role: "guest" },
      ],
    });
    expect(item?.pubDate?.toISOString()).toBe(
      new Date(Date.UTC(2024, 0, 1) - 5000 * 86_400_000).toISOString(),
    );
    expect(item?.summary).toContain("In episode 5000 we talk with Guest 5000");
    expect(item?.summary).not.toContain("track(");
    expect(item?.showNotes.map((n) => n.url)).toEqual([
      "https://example.com/books/5000",
      "https://example.com/notes/5000",
      "https://twitter.com/guest5000",
      "https://sponsor.example/?ref=5000&utm=rss",
    ]);
    // The escaped (odd) and CDATA (even) descriptions read the same.
    const normalise = (text: string | null | undefined) => text?.replace(/(episode|Guest) \d+/g, "$1 N");
    expect(normalise(feed.items[0]?.summary)).toBe(normalise(feed.items[1]?.summary));
  }, 60_000);
});

describe("parseFeedDate", () => {
  it.each([
    ["Tue, 05 Mar 2024 10:00:00 +0000", "2024-03-05T10:00:00.000Z"],
    ["Tue, 05 Mar 2024 10:00:00 GMT", "2024-03-05T10:00:00.000Z"],
    ["Tue, 05 Mar 2024 10:00:00 PST", "2024-03-05T18:00:00.000Z"],
    ["Tue, 05 Mar 2024 10:00:00 CEST", "2024-03-05T08:00:00.000Z"],
    ["5 Mar 2024 10:00:00 -0500", "2024-03-05T15:00:00.000Z"],
    ["Tue, 05 Mar 2024 10:00:00", "2024-03-05T10:00:00.000Z"],
    ["Di, 05 Mar 2024 10:00:00 +0100", "2024-03-05T09:00:00.000Z"],
    ["2024-03-05T10:00:00Z", "2024-03-05T10:00:00.000Z"],
    ["2024-03-05T10:00:00", "2024-03-05T10:00:00.000Z"],
    ["2024-03-05T10:00:00+02:00", "2024-03-05T08:00:00.000Z"],
    ["Tue, 5 Sept 2023 10:00:00 GMT", "2023-09-05T10:00:00.000Z"],
  ])("reads %j", (raw, iso) => {
    expect(parseFeedDate(raw)?.toISOString()).toBe(iso);
  });

  it.each(["", "   ", "yesterday", "Tue, 99 Foo 2024", "0000-00-00"])("gives null for %j", (raw) => {
    expect(parseFeedDate(raw)).toBeNull();
  });
});
