import { z } from "zod";

/**
 * A named schema or null. Use it instead of `.nullable()` on a schema with a `meta({ id })`: the
 * OpenAPI generator would mark the shared component itself as nullable, for every use of it.
 */
export const orNull = <T extends z.ZodType>(schema: T) => z.union([schema, z.null()]);
