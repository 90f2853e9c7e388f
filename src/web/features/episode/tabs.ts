/** The tabs of the episode page; a small module so the route's search validation does not pull in the page. */
export const episodeTabs = ["overview", "transcript", "people", "chapters", "show-notes"] as const;
export type EpisodeTab = (typeof episodeTabs)[number];
