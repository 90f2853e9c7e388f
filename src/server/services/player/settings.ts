import { sql } from "drizzle-orm";
import type { PlayerSettings } from "../../../domain/contract/player.ts";
import { DEFAULT_PLAYBACK_RATE } from "../../../domain/player.ts";
import type { AppDeps } from "../../context.ts";

/** Per-user player settings: the playback speed (0.5–3×), kept across devices. */

type Deps = Pick<AppDeps, "db">;
type Row = Record<string, unknown>;

// The column is a float4: read it back at the 0.05 grid it was written on.
const toRate = (value: unknown) => Math.round(Number(value ?? DEFAULT_PLAYBACK_RATE) * 100) / 100;

export async function getPlayerSettings(deps: Deps, userId: string): Promise<PlayerSettings> {
  const { rows } = await deps.db.execute<Row>(
    sql`select playback_rate from player_settings where user_id = ${userId}`,
  );
  return { playbackRate: toRate(rows[0]?.playback_rate) };
}

export async function savePlayerSettings(
  deps: Deps,
  userId: string,
  input: { playbackRate: number },
): Promise<PlayerSettings> {
  const { rows } = await deps.db.execute<Row>(
    sql`insert into player_settings (user_id, playback_rate) values (${userId}, ${input.playbackRate})
        on conflict (user_id) do update set playback_rate = excluded.playback_rate
        returning playback_rate`,
  );
  return { playbackRate: toRate(rows[0]?.playback_rate) };
}
