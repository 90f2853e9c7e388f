/**
 * Zod compiles object parsers with `new Function` after probing once whether it may. Under the
 * app's Content-Security-Policy (no 'unsafe-eval') that probe is refused and reported as a
 * violation, although zod catches it and parses without. Zod keeps its settings on globalThis and
 * reads `jitless` when it first parses, so setting it here, before any chunk with zod runs, skips
 * the probe without loading zod into the first-load chunk.
 */
const zodConfigHolder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodConfigHolder.__zod_globalConfig ??= {};
zodConfigHolder.__zod_globalConfig.jitless = true;
