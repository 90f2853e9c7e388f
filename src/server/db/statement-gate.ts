import PQueue from "p-queue";

/** One request's statements: whether it has already sent one through its gate. */
export type RequestTurn = { hasStarted: boolean };

export type StatementGate = {
  /**
   * Runs `statement` once fewer than the gate's capacity run. Waiting statements of requests that
   * have already run one go before the first statements of requests that have not, each group in
   * arrival order (decision 063).
   */
  run<T>(turn: RequestTurn | undefined, statement: () => Promise<T>): Promise<T>;
};

export const newRequestTurn = (): RequestTurn => ({ hasStarted: false });

/**
 * A gate in front of a connection pool, at most `capacity` statements at once. A pool hands out
 * connections first come, first served, so under load a request of three statements queued three
 * times behind every newer request and took about three waits where one of one statement took one.
 * With the gate a request waits in the queue once, at its start. Each later statement waits only
 * until some running statement ends: it goes ahead of the newer requests still waiting.
 */
export function createStatementGate(capacity: number): StatementGate {
  const queue = new PQueue({ concurrency: capacity });
  return {
    run(turn, statement) {
      const priority = turn?.hasStarted ? 1 : 0;
      if (turn) turn.hasStarted = true;
      // Started from whichever statement ended before it, so in that one's async context. Nothing
      // here reads async context; binding each statement to its caller's (AsyncResource.bind) cost
      // 14 µs a call and a fifth more API CPU per search (decision 063).
      return queue.add(statement, { priority });
    },
  };
}

const gates = new WeakMap<object, StatementGate>();

/**
 * The one gate of a connection pool, as wide as the pool (pg's `max`, 10 when unset), so statements
 * that pass it never wait inside the pool. Every caller that takes turns on that pool shares it.
 */
export function statementGateOf(pool: { options: { max?: number } }): StatementGate {
  let gate = gates.get(pool);
  if (!gate) {
    gate = createStatementGate(pool.options.max ?? 10);
    gates.set(pool, gate);
  }
  return gate;
}
