import { describe, expect, it } from "vitest";
import { toPlayableEpisode } from "./playable";

const episode = {
  id: "e1",
  title: "On memory",
  audioUrl: "https://cdn.example.com/e1.mp3",
  imageUrl: null,
  duration: 1800,
  podcast: { id: "p1", name: "Deep Talk" },
};

describe("toPlayableEpisode", () => {
  it("maps a loaded episode to what the player takes", () => {
    expect(toPlayableEpisode(episode)).toEqual({
      id: "e1",
      title: "On memory",
      audioUrl: "https://cdn.example.com/e1.mp3",
      imageUrl: null,
      podcastId: "p1",
      podcastName: "Deep Talk",
      duration: 1800,
    });
  });

  it("is null without audio the player can play", () => {
    expect(toPlayableEpisode({ ...episode, audioUrl: null })).toBeNull();
    expect(toPlayableEpisode({ ...episode, audioUrl: "https://www.youtube.com/watch?v=abc" })).toBeNull();
  });
});
