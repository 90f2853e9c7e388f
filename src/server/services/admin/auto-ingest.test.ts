import { describe, expect, it } from "vitest";
import { displayFeedAddress } from "./auto-ingest.ts";

describe("displayFeedAddress (the lab's list of configured feeds)", () => {
  it("shows a feed's address without what may hold a private feed's token", () => {
    expect(displayFeedAddress("https://user:secret@feeds.example.com/show.xml?token=abc#x")).toBe(
      "https://feeds.example.com/show.xml",
    );
    expect(displayFeedAddress("http://example.com:8080/rss")).toBe("http://example.com:8080/rss");
  });

  it("keeps the server's own paths (the demo feeds) and says when an address is not one", () => {
    expect(displayFeedAddress("/demo/feeds/deep-time.xml")).toBe("/demo/feeds/deep-time.xml");
    expect(displayFeedAddress("/demo/feeds/a.xml?key=1")).toBe("/demo/feeds/a.xml");
    expect(displayFeedAddress("not a url")).toBe("(not a valid address)");
  });
});
