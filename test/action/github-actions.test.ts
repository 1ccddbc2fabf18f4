import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { historyEntry } from "../../src/auto-loop/core/history.js";
import { AutoLoopStateSchema } from "../../src/auto-loop/core/state.js";
import { loopFiles } from "../../src/auto-loop/data/store.js";
import { gitHubActions } from "../../src/action/github-actions.js";
import { writeJson } from "../../src/state/json-store.js";
import { at, makeState } from "../auto-loop/fixtures.js";

let dir: string;
let out: string[];
const stdout = (text: string) => void out.push(text);
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "loopkit actions "));
  out = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("gitHubActions", () => {
  it.each([{}, { GITHUB_ACTIONS: "false" }, { GITHUB_ACTIONS: "1" }, { CI: "true", GITHUB_OUTPUT: "/tmp/x" }])(
    "is off unless GITHUB_ACTIONS is exactly true: %o",
    (env) => {
      expect(gitHubActions(env, stdout)).toBeNull();
    },
  );

  it("opens a group at a phase's start and closes it after the phase's output, printed inert", () => {
    const log = path.join(dir, "phase-0001.log");
    writeFileSync(log, "::set-output name=status::achieved\nbye");
    const actions = gitHubActions({ GITHUB_ACTIONS: "true" }, stdout)!;
    actions.print("starting", { phase: 1, edge: "start" });
    // A quote of the phase's output (its end, when claude failed) would print the agent's text live: left out, the whole log follows inert.
    actions.print("  ::set-output name=status::achieved", { phase: 1, edge: "quote" });
    actions.print("phase 1 done", { phase: 1, edge: "end", logFile: log });
    actions.print("the loop ended achieved.");
    const text = out.join("");
    const token = /::stop-commands::(\S+)\n/.exec(text)?.[1];
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    expect(text).toBe(
      `::group::starting\n::stop-commands::${token}\n::set-output name=status::achieved\nbye\n::${token}::\n::endgroup::\nphase 1 done\nthe loop ended achieved.\n`,
    );
  });

  it("says so inside the group when a phase left no log", () => {
    gitHubActions({ GITHUB_ACTIONS: "true" }, stdout)!.print("done", { phase: 2, edge: "end", logFile: path.join(dir, "missing.log") });
    expect(out.join("")).toMatch(/\(no output saved for this phase\)\n::[\w-]+::\n::endgroup::\ndone\n$/);
  });

  it("keeps the runner's file commands and the OIDC token from the phases, and everything else as it was", () => {
    const env = {
      GITHUB_ACTIONS: "true",
      GITHUB_OUTPUT: "o",
      GITHUB_STEP_SUMMARY: "s",
      GITHUB_ENV: "e",
      GITHUB_PATH: "p",
      GITHUB_STATE: "st",
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: "t",
      ACTIONS_ID_TOKEN_REQUEST_URL: "u",
      ACTIONS_RUNTIME_TOKEN: "r",
      GITHUB_WORKSPACE: "/w",
      ANTHROPIC_API_KEY: "k",
      PATH: "/bin",
    };
    expect(gitHubActions(env, stdout)!.phaseEnv(env)).toEqual({
      GITHUB_ACTIONS: "true",
      GITHUB_WORKSPACE: "/w",
      ANTHROPIC_API_KEY: "k",
      PATH: "/bin",
    });
  });

  describe("report", () => {
    const project = "/p";
    async function recordLoop() {
      const files = loopFiles(path.join(dir, "data"), project);
      const state = makeState({
        status: "achieved",
        status_reason: "proven",
        iteration: 1,
        tokens: { transcript: 90, audit: 10 },
        ended_at: at(5_000).toISOString(),
      });
      await writeJson(files.state, AutoLoopStateSchema, state);
      writeFileSync(
        files.history,
        [
          historyEntry({ ...state, iteration: 0, tokens: { transcript: 0, audit: 0 } }, at(1000), "start", "s"),
          { ...historyEntry(state, at(4000), "gate", "g"), verdict: "pass", vote: "achieved", exit_code: 0 },
          "not json",
          '{"version":1}',
        ]
          .map((e) => (typeof e === "string" ? e : JSON.stringify(e)))
          .join("\n"),
      );
      return files;
    }

    it("appends the summary and the outputs to the runner's files, skipping history lines that do not validate", async () => {
      const files = await recordLoop();
      const summary = path.join(dir, "summary");
      const output = path.join(dir, "output");
      writeFileSync(summary, "earlier step\n");
      const actions = gitHubActions({ GITHUB_ACTIONS: "true", GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: output }, stdout)!;
      await actions.report({ files, projectDir: project, now: at(6_000), staleMs: 60_000 }, { code: 0, budgetLimitedOk: false });
      const text = readFileSync(summary, "utf8");
      expect(text.startsWith("earlier step\n## ✅ loopkit run: achieved")).toBe(true);
      expect(text).toContain("| 1 | pass (exit 0) | achieved | 100 | 100 |  |");
      expect(readFileSync(output, "utf8")).toMatch(
        /^status<<(loopkit_[0-9a-f-]{36})\nachieved\n\1\nreason<<\1\nproven\n\1\niterations<<\1\n1\n\1\ntokens<<\1\n100\n\1\nloop_id<<\1\nloop-1\n\1\nexit_code<<\1\n0\n\1\n$/,
      );
      expect(out).toEqual([]);
    });

    it("writes only the files the runner named", async () => {
      const files = await recordLoop();
      const output = path.join(dir, "output");
      await gitHubActions({ GITHUB_ACTIONS: "true", GITHUB_OUTPUT: output }, stdout)!.report(
        { files, projectDir: project, now: at(6_000), staleMs: 60_000 },
        { code: 0, budgetLimitedOk: false },
      );
      expect(readFileSync(output, "utf8")).toMatch(/^status<</);
    });

    it("turns a summary it cannot write into a warning, never into a different outcome", async () => {
      const files = await recordLoop();
      const blocked = path.join(dir, "a folder");
      mkdirSync(blocked);
      const actions = gitHubActions({ GITHUB_ACTIONS: "true", GITHUB_STEP_SUMMARY: blocked }, stdout)!;
      await expect(
        actions.report({ files, projectDir: project, now: at(6_000), staleMs: 60_000 }, { code: 0, budgetLimitedOk: false }),
      ).resolves.toBeUndefined();
      expect(out.join("")).toMatch(/^::warning::loopkit run could not write the job summary or step outputs: EISDIR/);
    });
  });
});
