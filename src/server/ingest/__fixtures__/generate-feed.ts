/**
 * A realistic podcast feed of `count` items for tests and bench/feed-parse.ts: every item has
 * description HTML (half CDATA, half escaped), content:encoded, an enclosure, a duration, a guid, a
 * pubDate, two persons, a transcript and chapters.
 */
const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function generateFeed(count: number): string {
  const items: string[] = [];
  const start = Date.UTC(2024, 0, 1);
  for (let n = 1; n <= count; n++) {
    const html = `<p>In episode ${n} we talk with Guest ${n} about compounding, habits &amp; the long game.
We cover why small improvements matter, how to measure progress, and what to do when motivation fades.</p>
<ul><li>The <b>1% rule</b> and where it breaks</li><li>Designing your environment</li><li>Q&amp;A from listeners</li></ul>
<p>Links: <a href="https://example.com/books/${n}">The book</a>, <a href="/notes/${n}">full notes</a>,
<a href="https://twitter.com/guest${n}">Guest ${n} on X</a>.</p><script>track(${n})</script>`;
    const description = n % 2 === 0 ? `<![CDATA[${html}]]>` : escapeXml(html);
    const pubDate = new Date(start - n * 86_400_000).toUTCString();
    items.push(`    <item>
      <title>Episode ${n}: Compounding &amp; the long game</title>
      <link>https://example.com/episodes/${n}</link>
      <guid isPermaLink="false">urn:uuid:00000000-0000-4000-8000-${String(n).padStart(12, "0")}</guid>
      <pubDate>${pubDate}</pubDate>
      <description>${description}</description>
      <content:encoded><![CDATA[${html}<p>Sponsored by <a href="https://sponsor.example/?ref=${n}&utm=rss">Sponsor</a>.</p>]]></content:encoded>
      <enclosure url="https://cdn.example.com/audio/episode-${n}.mp3" length="${48_000_000 + n}" type="audio/mpeg"/>
      <itunes:duration>${Math.floor(n / 60) % 3}:${String(n % 60).padStart(2, "0")}:${String((n * 7) % 60).padStart(2, "0")}</itunes:duration>
      <itunes:episode>${n}</itunes:episode>
      <itunes:season>${1 + Math.floor(n / 100)}</itunes:season>
      <itunes:explicit>false</itunes:explicit>
      <itunes:image href="https://cdn.example.com/art/${n}.jpg"/>
      <podcast:person role="host" img="https://example.com/jane.jpg" href="https://example.com/jane">Jane Host</podcast:person>
      <podcast:person role="guest" href="https://example.com/guests/${n}">Guest ${n}</podcast:person>
      <podcast:transcript url="https://example.com/transcripts/${n}.vtt" type="text/vtt" language="en"/>
      <podcast:chapters url="https://example.com/chapters/${n}.json" type="application/json+chapters"/>
    </item>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>The Long Game</title>
    <link>https://example.com/</link>
    <atom:link href="https://example.com/feed.xml" rel="self" type="application/rss+xml"/>
    <description>Conversations about compounding.</description>
    <language>en-us</language>
    <itunes:author>Jane Host</itunes:author>
    <itunes:image href="https://example.com/cover.jpg"/>
    <podcast:guid>917393e3-1b1e-5cef-ace4-edaa54e1f810</podcast:guid>
${items.join("\n")}
  </channel>
</rss>
`;
}
