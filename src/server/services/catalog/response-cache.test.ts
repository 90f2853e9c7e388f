import { afterEach, describe, expect, it, vi } from "vitest";
import { createResponseCache } from "./response-cache.ts";

afterEach(() => vi.useRealTimers());

describe("createResponseCache", () => {
  it("answers repeated keys from memory until the TTL passes", async () => {
    vi.useFakeTimers();
    const cache = createResponseCache({ ttlSeconds: 30 });
    const load = vi.fn(async () => ({ n: load.mock.calls.length }));
    expect(await cache("a", load)).toEqual({ n: 1 });
    expect(await cache("a", load)).toEqual({ n: 1 });
    expect(await cache("b", load)).toEqual({ n: 2 });
    vi.advanceTimersByTime(30_001);
    expect(await cache("a", load)).toEqual({ n: 3 });
  });

  it("shares one load between concurrent callers and forgets failures", async () => {
    const cache = createResponseCache({ ttlSeconds: 30 });
    let calls = 0;
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++calls), 5));
    expect(await Promise.all([cache("k", slow), cache("k", slow)])).toEqual([1, 1]);
    await expect(cache("bad", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache("bad", async () => "ok")).toBe("ok");
  });

  it("evicts the least recently used entry beyond the limit", async () => {
    const cache = createResponseCache({ ttlSeconds: 30, maxEntries: 2 });
    let calls = 0;
    const load = async () => ++calls;
    await cache("a", load);
    await cache("b", load);
    await cache("a", load); // a is now the most recent
    await cache("c", load); // evicts b
    expect(await cache("a", load)).toBe(1);
    expect(await cache("b", load)).toBe(4);
  });

  it("loads a forgotten key again, and does not keep a load that was running when it was forgotten", async () => {
    const cache = createResponseCache({ ttlSeconds: 30 });
    let calls = 0;
    const load = async () => ++calls;
    await cache("a", load);
    await cache("b", load);
    cache.forget("a");
    expect(await cache("a", load)).toBe(3);
    expect(await cache("b", load)).toBe(2);

    let finish = (_value: number) => {};
    const running = cache("c", () => new Promise<number>((resolve) => (finish = resolve)));
    cache.forget("c");
    finish(0);
    expect(await running).toBe(0);
    expect(await cache("c", load)).toBe(4);
  });

  it("does nothing with a TTL of 0", async () => {
    const cache = createResponseCache({ ttlSeconds: 0 });
    let calls = 0;
    await cache("a", async () => ++calls);
    expect(await cache("a", async () => ++calls)).toBe(2);
  });
});
