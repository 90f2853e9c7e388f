import { readFileSync } from "node:fs";

/**
 * The rows of one of the engine's usage tables (`data/*.tsv`, decision 059), each split at its tabs.
 * Read once by the module that keeps the table, at its first lookup.
 */
export function readUsageTable(name: string): string[][] {
  return readFileSync(new URL(`./data/${name}`, import.meta.url), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split("\t"));
}
