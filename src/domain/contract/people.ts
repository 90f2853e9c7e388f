import { z } from "zod";
import { episodeListingSchema } from "./catalog.ts";
import { personSchema } from "./episodes.ts";

/** Response body of the guest and host pages (src/server/routes/people.ts, spec 2 §2). */

export const personPageSchema = z
  .object({
    person: personSchema,
    episodes: z.array(episodeListingSchema).meta({ description: "Newest first" }),
  })
  .meta({ id: "PersonPage" });
export type PersonPage = z.infer<typeof personPageSchema>;
