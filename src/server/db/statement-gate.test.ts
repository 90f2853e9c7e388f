import { describe, expect, it } from "vitest";
import { createStatementGate, newRequestTurn, statementGateOf } from "./statement-gate.ts";

/** A statement that runs until `finish` is called, recording when it starts. */
function held(log: string[], name: string) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const statement = async () => {
    log.push(name);
    await done;
    return name;
  };
  return { statement, finish: () => finish() };
}

describe("createStatementGate", () => {
  it("lets a request under way go before requests that have not started", async () => {
    const gate = createStatementGate(1);
    const log: string[] = [];
    const first = newRequestTurn();
    const second = newRequestTurn();
    const a = held(log, "first request, statement 1");
    const b = held(log, "second request, statement 1");
    const c = held(log, "first request, statement 2");
    const runA = gate.run(first, a.statement);
    const runB = gate.run(second, b.statement);
    const runC = gate.run(first, c.statement);
    await expect.poll(() => log).toEqual(["first request, statement 1"]);
    a.finish();
    await expect(runA).resolves.toBe("first request, statement 1");
    await expect.poll(() => log.length).toBe(2);
    expect(log[1]).toBe("first request, statement 2");
    c.finish();
    await runC;
    await expect.poll(() => log.length).toBe(3);
    b.finish();
    await expect(runB).resolves.toBe("second request, statement 1");
  });

  it("serves new requests in arrival order and runs at most its capacity at once", async () => {
    const gate = createStatementGate(2);
    const log: string[] = [];
    const statements = ["one", "two", "three", "four"].map((name) => held(log, name));
    const runs = statements.map((s) => gate.run(newRequestTurn(), s.statement));
    await expect.poll(() => log).toEqual(["one", "two"]);
    statements[1]?.finish();
    await expect.poll(() => log).toEqual(["one", "two", "three"]);
    for (const s of statements) s.finish();
    await expect(Promise.all(runs)).resolves.toEqual(["one", "two", "three", "four"]);
  });

  it("passes a failed statement's error to its caller and goes on with the next", async () => {
    const gate = createStatementGate(1);
    const failing = gate.run(newRequestTurn(), async () => {
      throw new Error("connection lost");
    });
    const next = gate.run(undefined, async () => "answered");
    await expect(failing).rejects.toThrow("connection lost");
    await expect(next).resolves.toBe("answered");
  });

  it("gives each pool one gate, as wide as the pool", async () => {
    const pool = { options: { max: 2 } };
    expect(statementGateOf(pool)).toBe(statementGateOf(pool));
    expect(statementGateOf(pool)).not.toBe(statementGateOf({ options: { max: 2 } }));
    const log: string[] = [];
    const statements = ["one", "two", "three"].map((name) => held(log, name));
    const runs = statements.map((s) => statementGateOf(pool).run(undefined, s.statement));
    await expect.poll(() => log).toEqual(["one", "two"]);
    for (const s of statements) s.finish();
    await Promise.all(runs);
    expect(log).toEqual(["one", "two", "three"]);
  });
});
