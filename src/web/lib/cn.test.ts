import { describe, expect, it } from "vitest";
import { cn } from "./cn";

describe("cn", () => {
  it("joins conditional classes", () => {
    expect(cn("a", false && "b", undefined, ["c", { d: true, e: false }])).toBe("a c d");
  });

  it("lets a later utility override an earlier one of the same group", () => {
    expect(cn("h-10 px-4 py-2", "h-auto px-0")).toBe("py-2 h-auto px-0");
    expect(cn("inline-flex", "hidden sm:inline-flex")).toBe("hidden sm:inline-flex");
    expect(cn("text-sm text-muted-foreground", "text-base")).toBe("text-muted-foreground text-base");
    expect(cn("text-sm text-muted-foreground", "text-foreground")).toBe("text-sm text-foreground");
    expect(cn("bg-primary hover:bg-primary/90", "bg-accent")).toBe("hover:bg-primary/90 bg-accent");
    expect(cn("rounded-md", "rounded-full")).toBe("rounded-full");
    expect(cn("border border-input", "border-destructive")).toBe("border border-destructive");
    expect(cn("border", "border-2")).toBe("border-2");
    expect(cn("font-medium", "font-semibold")).toBe("font-semibold");
    expect(cn("opacity-60", "opacity-50")).toBe("opacity-50");
    expect(cn("min-w-0 w-full", "w-10")).toBe("min-w-0 w-10");
  });

  it("knows which groups cover others", () => {
    expect(cn("px-2 pt-1", "p-4")).toBe("p-4");
    expect(cn("w-4 h-4", "size-6")).toBe("size-6");
    expect(cn("p-4", "px-2")).toBe("p-4 px-2");
    expect(cn("mt-2 mx-1", "m-0")).toBe("m-0");
  });

  it("keeps variants apart and keeps unknown classes", () => {
    expect(cn("sm:px-4 px-2", "px-3")).toBe("sm:px-4 px-3");
    expect(cn("focus-visible:ring-2 ring-ring", "focus-visible:ring-4")).toBe(
      "ring-ring focus-visible:ring-4",
    );
    expect(cn("group peer", "after:content-['']")).toBe("group peer after:content-['']");
    expect(cn("[&_svg]:size-4 [&_svg]:shrink-0", "[&_svg]:size-5")).toBe("[&_svg]:shrink-0 [&_svg]:size-5");
    expect(cn("shadow-sm", "shadow-md")).toBe("shadow-md");
    expect(cn("ring-2 ring-ring", "ring-destructive")).toBe("ring-2 ring-destructive");
    expect(cn("aspect-[16/9] w-full", "aspect-square")).toBe("w-full aspect-square");
  });

  it("keeps a ring's or shadow's size apart from its colour, and the ring offset's too", () => {
    expect(cn("focus-visible:ring-[3px] focus-visible:ring-ring/45")).toBe(
      "focus-visible:ring-[3px] focus-visible:ring-ring/45",
    );
    expect(cn("ring-2 ring-offset-2 ring-offset-background")).toBe(
      "ring-2 ring-offset-2 ring-offset-background",
    );
    expect(cn("ring-offset-2", "ring-offset-4")).toBe("ring-offset-4");
    expect(cn("ring-offset-background", "ring-offset-card")).toBe("ring-offset-card");
    expect(cn("ring-[3px] ring-ring", "ring-[2px]")).toBe("ring-ring ring-[2px]");
    expect(cn("ring-[#fff] ring-2", "ring-[color:var(--x)]")).toBe("ring-2 ring-[color:var(--x)]");
    expect(cn("ring-(--focus) ring-1")).toBe("ring-(--focus) ring-1");
    expect(cn("shadow-sm shadow-black/10", "shadow-[0_1px_2px_#0001]")).toBe(
      "shadow-black/10 shadow-[0_1px_2px_#0001]",
    );
    expect(cn("outline-2 outline-offset-2 outline-ring", "outline-offset-4")).toBe(
      "outline-2 outline-ring outline-offset-4",
    );
  });

  it("answers a repeated class list from its cache, unchanged", () => {
    const first = cn("px-2 py-1", "px-4");
    expect(cn("px-2 py-1", "px-4")).toBe(first);
    expect(first).toBe("py-1 px-4");
  });
});
