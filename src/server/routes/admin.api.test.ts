import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedInClient, startTestServer, type TestServer } from "../../../tests/support/test-server.ts";

let server: TestServer;
let admin: SignedInClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signUp({ role: "admin" });
});
afterAll(() => server.stop());

async function waitForJob(queue: string, id: string) {
  for (let attempt = 0; attempt < 60; attempt++) {
    const response = await admin.get(`/api/v1/admin/jobs/${queue}/${id}`);
    if (["completed", "failed"].includes(response.data.state)) return response.data;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("job did not finish");
}

describe("background jobs", () => {
  it("queues a job, runs it in-process and reports its state and result", async () => {
    await server.deps.db.$client.query(
      "insert into rate_limits (key, count, window_start) values ('old', 3, now() - interval '2 days'), ('fresh', 1, now())",
    );
    await server.deps.db.$client.query(
      "insert into billing_events (id, type, processed_at) values ('evt_old', 'invoice.paid', now() - interval '31 days'), ('evt_new', 'invoice.paid', now())",
    );
    const queued = await admin.post("/api/v1/admin/jobs/maintenance.cleanup");
    expect(queued.status).toBe(202);
    expect(queued.data.queue).toBe("maintenance.cleanup");

    const job = await waitForJob("maintenance.cleanup", queued.data.jobId);
    expect(job.state).toBe("completed");
    expect(job.output).toMatchObject({ rateLimitsDeleted: 1, billingEventsDeleted: 1 });
    const { rows } = await server.deps.db.$client.query("select key from rate_limits order by key");
    expect(rows.map((row) => row.key)).toEqual(["fresh"]);
    const events = await server.deps.db.$client.query("select id from billing_events");
    expect(events.rows.map((row) => row.id)).toEqual(["evt_new"]);
  });

  it("answers 404 for an unknown queue or job", async () => {
    expect((await admin.post("/api/v1/admin/jobs/no.such.queue")).status).toBe(404);
    const missing = await admin.get(
      "/api/v1/admin/jobs/maintenance.cleanup/00000000-0000-4000-8000-000000000000",
    );
    expect(missing.status).toBe(404);
    expect(missing.data.error.message).toBe("There is no such job.");
  });

  it("rejects a job id that is not a uuid with 400", async () => {
    const response = await admin.get("/api/v1/admin/jobs/maintenance.cleanup/not-a-uuid");
    expect(response.status).toBe(400);
  });
});
