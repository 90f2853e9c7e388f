import { loadCorpusStats } from "../../ai/corpus.ts";
import { createLearningProvider } from "../../ai/create-provider.ts";
import type { LearningContext, LearningProvider } from "../../ai/provider.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { Logger } from "../../lib/logger.ts";

/** What every learning service needs: the database, a logger, the provider and the catalog context. */
export type LearningDeps = {
  db: Database;
  logger: Logger;
  provider: LearningProvider;
  /** Catalog-wide statistics (topic ranking, distractors, difficulty); cached by the engine. */
  loadContext: () => Promise<LearningContext>;
};

export function createLearningDeps(
  deps: { db: Database; config: Config; logger: Logger },
  provider: LearningProvider = createLearningProvider(deps.config, deps.logger),
): LearningDeps {
  return {
    db: deps.db,
    logger: deps.logger,
    provider,
    loadContext: async () => ({ corpus: await loadCorpusStats(deps.db) }),
  };
}
