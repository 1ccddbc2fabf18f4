// The registry of loop kinds: every kind declared once (shared/loop-kinds.ts) has an entry part for the
// hook entry and the rest for the active paths, both complete; the entry half stays free of dependencies.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { entryOf, kindOfCommand, LOOP_KIND_ENTRIES } from "../../src/loops/entry.js";
import { ALL_LOOP_KINDS, loopKind } from "../../src/loops/registry.js";
import { loopEvent } from "../../src/notify/event.js";
import { LoopEventSchema } from "../../src/notify/event-schema.js";
import { RunSummarySchema } from "../../src/history/runs.js";
import { LOOP_KINDS } from "../../src/shared/loop-kinds.js";
import { makeState } from "../auto-loop/fixtures.js";
import { loopState } from "../repeat/fixtures.js";

const root = path.resolve(import.meta.dirname, "../..");

describe("the registry of loop kinds", () => {
  it("has an entry part and the rest for every kind, and no other", () => {
    expect(Object.keys(LOOP_KIND_ENTRIES).sort()).toEqual([...LOOP_KINDS].sort());
    expect(ALL_LOOP_KINDS.map((kind) => kind.entry.kind)).toEqual([...LOOP_KINDS]);
    for (const name of LOOP_KINDS) {
      expect(LOOP_KIND_ENTRIES[name].kind).toBe(name);
      // The rest's entry is the very object the hook entry uses: one declaration, not two that could drift.
      expect(loopKind(name).entry).toBe(LOOP_KIND_ENTRIES[name]);
    }
  });

  it.each(LOOP_KINDS)("gives %s every part", (name) => {
    const kind = loopKind(name);
    expect(kind.entry.command).toBe(`loopkit:${name}`);
    expect(kind.cancelCommand).toBe(`/loopkit:${name} --cancel`);
    for (const fn of [kind.entry.actsOn, kind.handlers, kind.running, kind.runningIn, kind.keptSnapshots, kind.statusLine]) {
      expect(typeof fn).toBe("function");
    }
    expect(typeof kind.stateSchema.safeParse).toBe("function");
    expect(typeof kind.history.stepSchema.safeParse).toBe("function");
    expect(kind.notify.statuses.length).toBeGreaterThan(0);
    expect(kind.history.finalStatuses.length).toBeGreaterThan(0);
    expect(kind.history.labelWidth).toBeGreaterThan(0);
  });

  it.each(LOOP_KINDS)("loads the %s kind's hook handlers only when asked, complete", async (name) => {
    const handlers = await loopKind(name).handlers();
    expect(typeof handlers.stop).toBe("function");
    expect(typeof handlers.endOnError).toBe("function");
  });

  it.each(LOOP_KINDS)("has a skill for %s, and the typed-command hook listens for its command", (name) => {
    const skill = readFileSync(path.join(root, "plugins", "loopkit", "skills", name, "SKILL.md"), "utf8");
    expect(skill).toMatch(new RegExp(`^name: ${name}$`, "m"));
    const hooks = JSON.parse(readFileSync(path.join(root, "plugins", "loopkit", "hooks", "hooks.json"), "utf8"));
    const matcher = new RegExp(hooks.hooks.UserPromptExpansion[0].matcher);
    expect(matcher.test(loopKind(name).entry.command)).toBe(true);
  });

  it("finds a kind only by its own name or command, hostile names included", () => {
    expect(entryOf("repeat")?.kind).toBe("repeat");
    expect(entryOf("auto-loop")?.kind).toBe("auto-loop");
    for (const name of ["", "Repeat", "__proto__", "constructor", "toString", 1, null, undefined, {}, ["repeat"]]) {
      expect(entryOf(name)).toBeUndefined();
    }
    expect(kindOfCommand("loopkit:auto-loop")).toBe("auto-loop");
    for (const command of ["repeat", "loopkit:repeat ", "other:repeat", "loopkit:__proto__", undefined, 7]) {
      expect(kindOfCommand(command)).toBeUndefined();
    }
  });

  it("builds the notify and history enums from every kind's statuses, in registry order", () => {
    expect(LoopEventSchema.shape.kind.options).toEqual([...LOOP_KINDS]);
    // Each once: both kinds have a "paused".
    expect(LoopEventSchema.shape.status.options).toEqual([...new Set(ALL_LOOP_KINDS.flatMap((kind) => kind.notify.statuses))]);
    expect(RunSummarySchema.shape.final_status.unwrap().options).toEqual(ALL_LOOP_KINDS.flatMap((kind) => kind.history.finalStatuses));
  });

  it("makes a notify event every kind's statuses allow, for each kind's ended loop", async () => {
    const ended = [
      { kind: "repeat" as const, state: loopState({ phase: "ended", final_status: "MAX_ITERATIONS" }) },
      { kind: "auto-loop" as const, state: makeState({ status: "unmet", status_reason: "caps" }) },
    ];
    expect(ended.map((loop) => loop.kind)).toEqual([...LOOP_KINDS]);
    for (const loop of ended) {
      const event = (await loopEvent(undefined, loop))!;
      expect(LoopEventSchema.safeParse(event).success).toBe(true);
      expect(loopKind(loop.kind).notify.statuses).toContain(event.status);
    }
  });
});

describe("the entry half", () => {
  /** Every module specifier `file` and the files it imports reach, relative ones followed. */
  function importsFrom(file: string, seen = new Set<string>()): string[] {
    if (seen.has(file)) return [];
    seen.add(file);
    const text = readFileSync(file, "utf8");
    const specifiers = [...text.matchAll(/^import (?!type )[^;]*?from "([^"]+)"/gm)].map((match) => match[1]!);
    return specifiers.flatMap((specifier) =>
      specifier.startsWith(".") ? importsFrom(path.resolve(path.dirname(file), specifier.replace(/\.js$/, ".ts")), seen) : [specifier],
    );
  }

  it("imports nothing but Node's own modules (it is bundled into dist/hook.cjs)", () => {
    const outside = importsFrom(path.join(root, "src", "loops", "entry.ts"));
    expect(outside.length).toBeGreaterThan(0);
    expect(outside.filter((specifier) => !specifier.startsWith("node:"))).toEqual([]);
  });
});

describe("the paths that run at every hook event", () => {
  /** The src files `file` reaches through static imports (a dynamic import() loads only when called). */
  function reached(file: string, seen = new Set<string>()): Set<string> {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const match of readFileSync(file, "utf8").matchAll(/^import (?!type )[^;]*?from "(\.[^"]+)"/gm))
      reached(path.resolve(path.dirname(file), match[1]!.replace(/\.js$/, ".ts")), seen);
    return seen;
  }

  it.each([
    ["the hook's active path", "hook/dispatch.ts"],
    ["the status line", "statusline/describe.ts"],
  ])("%s loads no kind's parts up front: only the session's own kind, when asked", (_name, file) => {
    const files = [...reached(path.join(root, "src", file))].map((f) => path.relative(path.join(root, "src"), f));
    expect(files).toContain("loops/load.ts");
    expect(files.filter((f) => f === "loops/registry.ts" || f.endsWith("/kind.ts"))).toEqual([]);
  });
});
