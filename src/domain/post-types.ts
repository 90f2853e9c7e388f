/**
 * The Deep Dive formats (spec 3 §3), alone in their module: the /feed route's search validation runs
 * in the first-load chunk (decision 012), and this is all it needs.
 */
export const postTypes = ["explainer", "weekly", "debate", "tactical"] as const;
export type PostType = (typeof postTypes)[number];

export const isPostType = (value: unknown): value is PostType => postTypes.includes(value as PostType);
