// Files shared with other tools keep every key they had: the stats log, with another tool's keys
// named like Object's own, through a repeat loop's start and a Stop of the built CLI and hook.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { baseEnv, runCli, sendHook, stopPayload, useTempProject } from "../support/bundle-driver.js";

const world = useTempProject("loopkit shared files");

describe("the stats log shared with other tools", () => {
  it("keeps another tool's `__proto__`, `constructor` and `prototype` keys and its records through a repeat loop", () => {
    const stats = path.join(world.tmp, "stats.json");
    const theirs = '{"__proto__":{"owner":"other"},"constructor":[1],"prototype":null,"loop_runs":[{"__proto__":{"id":"x"}}]}';
    writeFileSync(stats, theirs);
    const env = { ...baseEnv(world.tmp), LOOPKIT_DATA_DIR: world.data, LOOPKIT_STATS_FILE: stats };
    const started = runCli(["repeat", "--project", world.project, "--session", "s-1", "--args-stdin"], {
      input: "1m --iterations 1 /test",
      env,
    });
    expect(started.code).toBe(0);
    const payload = { session_id: "s-1", cwd: world.project, transcript_path: path.join(world.tmp, "t.jsonl") };
    expect(sendHook(stopPayload({ ...payload, last_assistant_message: "REPEAT-RESULT: pass" }), { env }).code).toBe(0);
    const after = JSON.parse(readFileSync(stats, "utf8"));
    expect(Object.keys(after)).toEqual(["__proto__", "constructor", "prototype", "loop_runs"]);
    expect([after.__proto__, after.constructor, after.prototype]).toEqual([{ owner: "other" }, [1], null]);
    expect(JSON.stringify(after.loop_runs[0])).toBe('{"__proto__":{"id":"x"}}');
    expect(after.loop_runs[1]).toMatchObject({ final_status: "COMPLETED", iterations: [{ result: "pass" }] });
  });
});
