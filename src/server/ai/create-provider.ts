import type { Config } from "../config.ts";
import type { Logger } from "../lib/logger.ts";
import { createOfflineProvider } from "./offline/offline-provider.ts";
import type { LearningProvider } from "./provider.ts";

export type AiConfig = Pick<Config, "AI_BASE_URL" | "AI_API_KEY" | "AI_MODEL">;

/**
 * The learning engine for this configuration: the built-in offline provider unless AI_BASE_URL
 * points at an OpenAI-compatible server.
 */
export function createLearningProvider(config: AiConfig, logger: Logger): LearningProvider {
  const offline = createOfflineProvider();
  if (!config.AI_BASE_URL) return offline;
  logger.warn(
    { baseUrl: config.AI_BASE_URL },
    "AI_BASE_URL is set but the OpenAI-compatible provider is not available yet; using the built-in engine",
  );
  return offline;
}
