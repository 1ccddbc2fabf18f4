// `loopkit repeat --status` in a terminal picks the project's loop from every state file in loopkit's
// data folder: one it cannot read is said, never skipped in silence behind an older loop.
import { mkdirSync, realpathSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { useTempProject } from "../support/bundle-driver.js";
import { loopState } from "../repeat/fixtures.js";
import { runLoopkit } from "./cli-io.js";

const temp = useTempProject("loopkit repeat status");

function writeStates(files: Record<string, string>, corruptWrittenAt: Date) {
  const dir = path.join(temp.data, "repeat");
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  utimesSync(path.join(dir, "terminal-b.json"), corruptWrittenAt, corruptWrittenAt);
  return dir;
}

const status = (json = false) =>
  runLoopkit(["repeat", "--status", ...(json ? ["--json"] : [])], {
    env: { HOME: temp.tmp, PATH: "/usr/bin:/bin", LOOPKIT_DATA_DIR: temp.data },
    cwd: temp.project,
  });

const older = () =>
  JSON.stringify(
    loopState({
      project_dir: realpathSync(temp.project),
      session_id: "terminal-a",
      phase: "ended",
      final_status: "COMPLETED",
      ended_at: "2026-03-01T10:20:00.000Z",
    }),
  );

it("names a state file written after the loop it shows that it cannot read: the loop shown may not be the current one", async () => {
  const dir = writeStates({ "terminal-a.json": older(), "terminal-b.json": "{ half a state" }, new Date("2026-03-02T10:00:00Z"));
  for (const json of [false, true]) {
    const result = await status(json);
    expect(result.stderr).toContain(
      `loopkit: ${path.join(dir, "terminal-b.json")} (written 2026-03-02T10:00:00.000Z) is not a readable repeat loop state`,
    );
    expect(result.stderr).toMatch(/the loop below may not be the current one/);
  }
  expect((await status()).stdout).toMatch(/COMPLETED/);
});

it("says nothing of an unreadable file older than the loop it shows, and names one where no loop is readable", async () => {
  writeStates({ "terminal-a.json": older(), "terminal-b.json": "{}" }, new Date("2026-02-01T10:00:00Z"));
  expect((await status()).stderr).toBe("");
  writeStates({ "terminal-a.json": "not json", "terminal-b.json": "{}" }, new Date("2026-02-01T10:00:00Z"));
  const none = await status();
  expect(none.stderr.match(/is not a readable repeat loop state; it may be this project's loop\./g)).toHaveLength(2);
  expect(none.code).toBe(8);
});
