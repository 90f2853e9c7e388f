import type { Config } from "../config.ts";
import type { Logger } from "../lib/logger.ts";
import { createOfflineProvider } from "./offline/offline-provider.ts";
import { createOpenAiProvider } from "./openai/openai-provider.ts";
import type { LearningProvider } from "./provider.ts";

export type AiConfig = Pick<Config, "AI_BASE_URL" | "AI_API_KEY" | "AI_MODEL" | "AI_TIMEOUT_MS">;

/**
 * The learning engine for this configuration: the built-in offline provider, or, when AI_BASE_URL
 * points at an OpenAI-compatible server, that server with the built-in engine as its fallback.
 */
export function createLearningProvider(config: AiConfig, logger: Logger): LearningProvider {
  const offline = createOfflineProvider();
  if (!config.AI_BASE_URL) return offline;
  return createOpenAiProvider({
    baseUrl: config.AI_BASE_URL,
    apiKey: config.AI_API_KEY,
    model: config.AI_MODEL,
    timeoutMs: config.AI_TIMEOUT_MS,
    logger,
    fallback: offline,
  });
}
