// `loopkit auto-loop --status` says when --takeover applies: once the owner's heartbeat is stale, and at
// once for a loop a stopped `loopkit run` left (its last phase's marker says driver "run", no runner holds the lock).
import { mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { expect, it } from "vitest";
import { loopFiles } from "../../src/auto-loop/data/store.js";
import { writeSessionMarker } from "../../src/session/marker.js";
import { useTempProject } from "../support/bundle-driver.js";
import { makeState } from "../auto-loop/fixtures.js";
import { runLoopkit } from "./cli-io.js";

const temp = useTempProject("loopkit takeover hint");
const now = new Date("2026-01-01T00:01:00.000Z"); // a minute after the fixture's heartbeat: not stale (30 min)

async function pursuing(driver: "run" | "session") {
  const files = loopFiles(temp.data, realpathSync(temp.project));
  mkdirSync(files.dir, { recursive: true });
  const state = makeState({ project_dir: realpathSync(temp.project), session_id: "s-phase" });
  writeFileSync(files.state, JSON.stringify(state));
  await writeSessionMarker(
    temp.data,
    "s-phase",
    { kind: "auto-loop", loop_id: state.loop_id, project_dir: state.project_dir, state_file: files.state, driver },
    now,
  );
}

const status = () =>
  runLoopkit(["auto-loop", "--status"], {
    env: { HOME: temp.tmp, PATH: "/usr/bin:/bin", LOOPKIT_DATA_DIR: temp.data },
    cwd: temp.project,
    now,
  });

it.each([
  ["run", true],
  ["session", false],
] as const)("a pursuing loop whose last owner was driven by %s: takeover hinted now: %s", async (driver, hinted) => {
  await pursuing(driver);
  const text = (await status()).stdout;
  expect(text).toMatch(/^ {2}session: +s-phase/m);
  expect(/heartbeat stale: loopkit run --takeover continues the loop/.test(text)).toBe(hinted);
});
