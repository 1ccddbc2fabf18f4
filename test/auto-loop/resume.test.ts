// Resume on real files: noted at SessionStart(resume), completed only by the owner's own prompt
// (a fork's SessionStart carries the parent's id).
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resumeOnPrompt } from "../../src/auto-loop/hooks/resume.js";
import { restoreLoopContext } from "../../src/auto-loop/hooks/session-start.js";
import { loadState, loopFiles, persist } from "../../src/auto-loop/data/store.js";
import type { SessionMarker } from "../../src/session/marker.js";
import { at, makeState } from "./fixtures.js";

let tmp: string;
let data: string;
let project: string;
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "loopkit resume "));
  data = path.join(tmp, "data");
  project = path.join(tmp, "project");
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

async function seed(overrides = {}) {
  const files = loopFiles(data, project);
  await persist(files, makeState({ project_dir: project, session_id: "owner", handoff_note: "next: printer", ...overrides }), [], at(0));
  const marker: SessionMarker = {
    version: 1,
    kind: "auto-loop",
    loop_id: "loop-1",
    project_dir: project,
    state_file: files.state,
    created_at: at(0).toISOString(),
  };
  return { files, marker };
}

const ctx = <I>(marker: SessionMarker, input: I, now = at(3_600_000)) => ({ input, marker, dataDir: data, env: {}, now: () => now });
const start = (session: string, source: string) => ({ session_id: session, hook_event_name: "SessionStart" as const, source });
const prompt = (session: string) => ({ session_id: session, hook_event_name: "UserPromptSubmit" as const, prompt: "continue" });

describe("resume", () => {
  it("is noted at SessionStart(resume) and completed by the owner's first prompt: heartbeat, history, context, once", async () => {
    const { files, marker } = await seed();
    expect(await restoreLoopContext(ctx(marker, start("owner", "resume")))).toBeUndefined();
    expect((await loadState(files.state, at(0)))!.heartbeat_at).toBe(at(0).toISOString());

    const decision = await resumeOnPrompt(ctx(marker, prompt("owner")));
    expect(decision).toMatchObject({
      kind: "context",
      eventName: "UserPromptSubmit",
      context: expect.stringMatching(/was resumed[\s\S]*elapsed 1h of 4h/),
    });
    expect((await loadState(files.state, at(0)))!.heartbeat_at).toBe(at(3_600_000).toISOString());
    expect(readFileSync(files.history, "utf8")).toMatch(/"event":"resume"/);
    expect(await resumeOnPrompt(ctx(marker, prompt("owner")))).toBeUndefined();
  });

  it("does nothing for a prompt without a resume before it (e.g. the prompt that started the loop)", async () => {
    const { files, marker } = await seed();
    expect(await resumeOnPrompt(ctx(marker, prompt("owner")))).toBeUndefined();
    expect(existsSync(files.history) ? readFileSync(files.history, "utf8") : "").not.toMatch(/resume/);
  });

  it("does nothing for a session other than the one the resume was noted for", async () => {
    const { files, marker } = await seed();
    await restoreLoopContext(ctx(marker, start("owner", "resume")));
    // The loop was taken over in between: the old owner's prompt restores nothing.
    await persist(files, makeState({ project_dir: project, session_id: "new-owner" }), [], at(1));
    expect(await resumeOnPrompt(ctx(marker, prompt("owner")))).toBeUndefined();
    expect((await loadState(files.state, at(0)))!.session_id).toBe("new-owner");
  });
});
