// `loopkit report` on loops run through the real CLI: an auto-loop driven by `loopkit run` (fresh
// `claude -p` phases against the fake model) and a repeat loop run by `loopkit repeat` from a terminal;
// both pages rendered by headless Chromium, not blank and without a console message.
import { readFileSync } from "node:fs";
import path from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import type { FakeModel } from "./harness/fake-model.js";
import { CLAUDE_BIN, claudeEnv, type Sandbox } from "./harness/run-claude.js";
import { useModelAndSandbox } from "./harness/lifecycle.js";
import { bash, dataDirOf, loopScript, plugin, runLoopkit, status } from "./auto-loop-helpers.js";
import { iterationScript, result, statsFileOf } from "./repeat-helpers.js";
import { chromiumBin, NO_CHROMIUM, pngStats, renderPage } from "../support/chromium.js";
import { flat } from "../report/fixture.js";

const chromium = chromiumBin();
if (!chromium) console.log(NO_CHROMIUM);

let model: FakeModel;
let sandbox: Sandbox;
useModelAndSandbox({ tearDown: () => plugin.remove() }, (world) => ({ model, sandbox } = world));

const env = () =>
  claudeEnv(model, sandbox, {
    LOOPKIT_DATA_DIR: dataDirOf(sandbox),
    LOOPKIT_STATS_FILE: statsFileOf(sandbox),
    LOOPKIT_CLAUDE_BIN: CLAUDE_BIN,
    LOOPKIT_REPEAT_MIN_INTERVAL_MS: "1000",
    LOOPKIT_AUDIT_TIMEOUT_MS: "60000",
  });
const loopkit = (args: string[]) =>
  execa(process.execPath, [plugin.cli, ...args], { cwd: sandbox.project, env: env(), extendEnv: false, reject: false, timeout: 180_000 });

/** The page as Chromium draws it: no console message, and ink on it. */
async function rendered(file: string, name: string): Promise<void> {
  if (!chromium) return;
  const shot = await renderPage(chromium, file, 1200, 2000);
  if (process.env.LOOPKIT_REPORT_SHOTS) {
    const { mkdirSync, writeFileSync } = await import("node:fs");
    mkdirSync(process.env.LOOPKIT_REPORT_SHOTS, { recursive: true });
    writeFileSync(path.join(process.env.LOOPKIT_REPORT_SHOTS, `${name}-${process.env.LOOPKIT_E2E_CLAUDE ?? "2.1.197"}.png`), shot.png);
  }
  expect(shot.console).toEqual([]);
  const stats = pngStats(shot.png);
  expect(stats.colours).toBeGreaterThan(50);
  expect(stats.inked).toBeGreaterThan(0.03);
}

describe("loopkit report on loops run through the real CLI", { timeout: 240_000 }, () => {
  it("an auto-loop of loopkit run: its end names the report; the page has the iterations, the audit, the diff", async () => {
    model.setScript(
      loopScript({
        turns: [bash("echo one > hello.txt"), bash("echo hi > hello.txt")],
        vote: () => '{"vote": "achieved", "reasons": ["hello.txt says <hi>"]}',
      }),
    );
    const run = await runLoopkit(model, sandbox, [
      "make hello.txt say hi",
      "--verify",
      `test "$(cat hello.txt)" = hi`,
      "--",
      "--allowedTools",
      "Bash",
    ]);
    expect(run.exitCode, `${run.stdout}\n${run.stderr}`).toBe(0);
    const loopId = status(sandbox).loop_id as string;
    expect(run.stdout).toContain(
      `the loop ended achieved: the verifier passed twice and the audit voted achieved. Its story on one page: loopkit report ${loopId}`,
    );

    const made = await loopkit(["report"]);
    expect(made.exitCode, made.stderr).toBe(0);
    const file = made.stdout.trim();
    expect(file).toBe(path.join(dataDirOf(sandbox), "reports", `${loopId}.html`));
    const page = flat(readFileSync(file, "utf8"));
    expect(page).toContain(
      '<span class="badge achieved">achieved</span><span class="why">the verifier passed twice and the audit voted achieved</span>',
    );
    expect(page).toContain('<pre class="goal">make hello.txt say hi</pre>');
    expect(page).toMatch(/Iteration 1 verifier <span class="badge fail">fail<\/span><span class="muted">exit 1<\/span>/);
    expect(page).toMatch(
      /Iteration 2 verifier <span class="badge pass">pass<\/span>.* · audit <span class="badge achieved">achieved<\/span>/,
    );
    expect(page).toContain("<li>hello.txt says &lt;hi&gt;</li>");
    expect(page).toContain('<span class="del">-one</span><span class="add">+hi</span>');
    // The iterations the loop counted (under load a turn whose audit could not run is tried again, uncounted).
    expect(page).toContain(
      `iterations</div><div class="value">${status(sandbox).iteration - status(sandbox).iterations_not_counted} of 40`,
    );
    await rendered(file, "auto-loop");
  });

  it("a repeat loop run from a terminal: its end names the report; the page has each iteration's result and summary", async () => {
    const { script } = iterationScript([result("REPEAT-RESULT: fail - lint <red>"), result("REPEAT-RESULT: pass - lint green")]);
    model.setScript(script);
    const run = await loopkit(["repeat", "2s", "--iterations", "2", "check the lint"]);
    expect(run.exitCode, `${run.stdout}\n${run.stderr}`).toBe(0);
    const loopId = /\((loop-\d+)\)/.exec(run.stdout)![1]!;
    expect(run.stdout.trim().split("\n").at(-1)).toMatch(new RegExp(`its story on one page: loopkit report ${loopId}$`));

    const made = await loopkit(["report", loopId, "--output", path.join(sandbox.root, "repeat report.html")]);
    expect(made.exitCode, made.stderr).toBe(0);
    const page = flat(readFileSync(made.stdout.trim(), "utf8"));
    expect(page).toContain('<span class="badge COMPLETED">COMPLETED</span>');
    expect(page).toContain('<pre class="goal">check the lint</pre>');
    expect(page).toContain("<dt>Interval</dt><dd>2s</dd>");
    expect(page).toMatch(/<td class="num">1<\/td>.*<span class="badge fail">fail<\/span>.*<td class="summary">lint &lt;red&gt;<\/td>/);
    expect(page).toMatch(/<td class="num">2<\/td>.*<span class="badge pass">pass<\/span>.*<td class="summary">lint green<\/td>/);
    await rendered(made.stdout.trim(), "repeat");
  });
});
