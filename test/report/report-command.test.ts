// `loopkit report`: the page of a loop of either kind from loopkit's records, hostile data kept as text.
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runLoopkit } from "../cli/cli-io.js";
import { autoLoopOnRecord, flat, HOSTILE_FILES, HOSTILE_GOAL, HOSTILE_REASON, repeatLoopOnRecord } from "./fixture.js";
import { esc } from "../../src/report/html.js";
import { loopFiles } from "../../src/auto-loop/data/store.js";

let root: string | undefined;
afterEach(() => root && rmSync(root, { recursive: true, force: true }));

const NOW = new Date("2026-12-01T12:00:00.000Z");
const report = (args: string[], data: string, cwd: string, env: NodeJS.ProcessEnv = {}) =>
  runLoopkit(["report", ...args], {
    env: {
      HOME: path.dirname(data),
      PATH: process.env.PATH ?? "",
      LOOPKIT_DATA_DIR: data,
      LOOPKIT_STATS_FILE: path.join(data, "stats.json"),
      ...env,
    },
    cwd,
    now: NOW,
  });

/** Every element the page may hold: anything else came from the loop's data. */
const OWN_TAGS = new Set(
  "html head meta title style body main h1 h2 h3 p span div pre code dl dt dd ul li details summary section figure figcaption table thead tbody tr th td footer svg line text rect polyline circle".split(
    " ",
  ),
);
const tagsOf = (page: string) => new Set([...page.matchAll(/<([a-zA-Z][\w-]*)/g)].map((m) => m[1]!.toLowerCase()));

describe("loopkit report", () => {
  it("writes an auto-loop's page to <data>/reports/<id>.html and prints its path: goal, caps, iterations, diffs, all escaped", async () => {
    const loop = await autoLoopOnRecord();
    root = loop.root;
    const ran = await report([], loop.data, loop.project);
    expect(ran.stderr).toBe("");
    expect(ran.code).toBe(0);
    const file = path.join(loop.data, "reports", "loop-auto-1.html");
    expect(ran.stdout).toBe(`${file}\n`);
    const page = flat(readFileSync(file, "utf8"));

    expect([...tagsOf(page)].filter((tag) => !OWN_TAGS.has(tag))).toEqual([]);
    expect(page.match(/<details>/g)?.length).toBe(page.match(/<\/details>/g)?.length);
    expect(page).toMatch(
      /^<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; style-src &#39;sha256-/,
    );
    expect(page).toContain(esc(HOSTILE_GOAL));
    expect(page).toContain(esc(HOSTILE_REASON));
    // A newline in a name is shown as an escape, so the list shows the name it is.
    for (const name of HOSTILE_FILES) expect(page).toContain(`<code>${esc(name.replace("\n", "\\x0a"))}</code>`);
    expect(page).toContain(`<span class="add">+// &lt;/pre&gt;&lt;script&gt;alert(&quot;diff 3&quot;)&lt;/script&gt;</span>`);
    expect(page).toContain(`<span class="del">-export const value = 2;</span>`);
    expect(page).toContain("&lt;/pre&gt;&lt;b&gt;done&lt;/b&gt; next: nothing");

    // Caps and their use, the charts, each iteration's facts, the end.
    expect(page).toMatch(/iterations<\/div><div class="value">3 of 40/);
    expect(page).toMatch(/tokens<\/div><div class="value">52k of 2M/);
    expect(page).toMatch(/wall clock<\/div><div class="value">21m of 4h/);
    expect(page).toContain("<figcaption>Failing tests, and tests that did not run</figcaption>");
    expect(page).toContain("<title>iteration 2: 2 failing, 6 passing, 1 did not run</title>");
    expect(page).toContain('<polyline class="series other"');
    expect(page).toContain("<title>iteration 2: 19,000 tokens (31,000 in all)</title>");
    expect(page).toMatch(
      /Iteration 3 verifier <span class="badge pass">pass<\/span><span class="muted">exit 0<\/span> · audit <span class="badge achieved">achieved/,
    );
    expect(page).toContain("2026-12-01 10:14:00 UTC · 7m · 19,000 tokens");
    expect(page).toContain("<p> Tests: 8 passed, 0 failed, 1 skipped. </p>");
    expect(page).toContain("8 passing &lt;ok&gt;");
    expect(page).toContain(
      '<span class="badge achieved">achieved</span><span class="why">the verifier passed twice and the audit voted achieved</span>',
    );
  });

  it("charts the verifier's outcome where no test counts are on record, and names a loop by id", async () => {
    const loop = await autoLoopOnRecord({ tests: false });
    root = loop.root;
    const out = path.join(loop.root, "out dir", "page.html");
    const ran = await report(["loop-auto-1", "--output", out], loop.data, loop.root);
    expect(ran.code).toBe(0);
    expect(ran.stdout).toBe(`${out}\n`);
    const page = flat(readFileSync(out, "utf8"));
    expect(page).toContain("<figcaption>Verifier per iteration</figcaption>");
    expect(page).toContain("No test counts are on record for this loop");
    expect(page).not.toContain("Tests:");
  });

  it("shows a loop that waits for the person as paused, with why and how it goes on", async () => {
    const loop = await autoLoopOnRecord();
    root = loop.root;
    const reason = "the person wrote to the session while the loop ran";
    const paused = {
      ...loop.state,
      status: "pursuing",
      status_reason: null,
      ended_at: null,
      pause: { at: NOW.toISOString(), by: "person", reason, words: ["stop"], told: true },
    };
    writeFileSync(loopFiles(loop.data, loop.project).state, JSON.stringify(paused));
    const ran = await report(["loop-auto-1"], loop.data, loop.root);
    expect(ran.code).toBe(0);
    const page = flat(readFileSync(path.join(loop.data, "reports", "loop-auto-1.html"), "utf8"));
    expect(page).toContain('<span class="badge paused">paused</span>');
    expect(page).toContain(`${reason}; it waits for /loopkit:auto-loop --resume`);
    expect(page).toContain("so far (paused)");
  });

  it("writes a repeat loop's page: command, interval, each iteration's result, summary and duration", async () => {
    const loop = await autoLoopOnRecord();
    root = loop.root;
    const state = await repeatLoopOnRecord(loop.data, loop.project);
    // The project's latest loop is the repeat loop (started after the auto-loop).
    const ran = await report([], loop.data, loop.project);
    expect(ran.code).toBe(0);
    const page = flat(readFileSync(ran.stdout.trim(), "utf8"));
    expect(ran.stdout.trim()).toBe(path.join(loop.data, "reports", `${state.loop_id}.html`));
    expect([...tagsOf(page)].filter((tag) => !OWN_TAGS.has(tag))).toEqual([]);
    expect(page).toContain(esc(state.command));
    expect(page).toContain("<dt>Interval</dt><dd>10m</dd>");
    expect(page).toContain("3 of at most 3: 2 passed, 1 failed");
    expect(page).toContain(esc("<b>lint</b> failed in </td></tr><script>x()</script>"));
    expect(page).toMatch(
      /<td class="num">2<\/td><td>2026-12-01 10:20:00 UTC<\/td><td class="num">40s<\/td><td><span class="badge fail">fail/,
    );
    expect(page).toContain('<span class="badge COMPLETED">COMPLETED</span>');
  });

  it("reads a repeat loop kept only in the stats log", async () => {
    const loop = await autoLoopOnRecord();
    root = loop.root;
    const id = "loop-1764590000000";
    const stats = {
      loop_runs: [
        {
          id,
          command: "/lint",
          interval: "5m",
          max_iterations: 2,
          started_at: "2026-12-01T11:00:00.000Z",
          final_status: "CANCELLED",
          ended_at: "2026-12-01T11:06:00.000Z",
          iterations: [{ number: 1, timestamp: "2026-12-01T11:00:00.000Z", result: "pass", exit_code: 0, summary: "clean" }],
        },
      ],
    };
    writeFileSync(path.join(loop.data, "stats.json"), JSON.stringify(stats));
    const ran = await report([id], loop.data, loop.project);
    expect(ran.code).toBe(0);
    const page = flat(readFileSync(ran.stdout.trim(), "utf8"));
    expect(page).toContain("Only the stats log holds this loop");
    expect(page).toContain('<td class="num">-</td>');
  });

  it("fails clearly: an unknown id (8), no loop in the project (8), an output it cannot write (1), a bad flag (2)", async () => {
    const loop = await autoLoopOnRecord();
    root = loop.root;
    const unknown = await report(["loop-nope"], loop.data, loop.project);
    expect([unknown.code, unknown.stderr]).toEqual([
      8,
      "loopkit: no loop with id loop-nope is on record (loopkit history lists the ids)\n",
    ]);

    const other = path.join(loop.root, "other");
    mkdirSync(other);
    const none = await report([], loop.data, other);
    expect(none.code).toBe(8);
    expect(none.stderr).toMatch(/^loopkit: no loop has run in .*other \(none is on record in .*data\)/);

    const locked = path.join(loop.root, "locked");
    mkdirSync(locked);
    chmodSync(locked, 0o500);
    const refused = await report(["--output", path.join(locked, "page.html")], loop.data, loop.project);
    chmodSync(locked, 0o700);
    if (process.getuid?.() !== 0) {
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        /^loopkit: cannot write the report to .*locked\/page\.html: .*EACCES.*\(name a file you can write with --output <file>\)\n$/,
      );
    }
    const dirAsFile = await report(["--output", loop.project], loop.data, loop.project);
    expect(dirAsFile.code).toBe(1);
    expect(dirAsFile.stderr).toMatch(/^loopkit: cannot write the report to /);

    expect((await report(["--bogus"], loop.data, loop.project)).code).toBe(2);
    const help = await report(["--help"], loop.data, loop.project);
    expect(help.stdout).toMatch(/^Usage: loopkit report \[<loop id>\] \[--output <file>\] \[--open\]/);
  });

  it("--open starts xdg-open on the page, and says so when there is none", async () => {
    if (process.platform !== "linux") return;
    const loop = await autoLoopOnRecord();
    root = loop.root;
    const bin = path.join(loop.root, "bin");
    mkdirSync(bin);
    const opened = path.join(loop.root, "opened.txt");
    writeFileSync(path.join(bin, "xdg-open"), `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`, { mode: 0o755 });
    const ran = await report(["--open"], loop.data, loop.project, { PATH: `${bin}${path.delimiter}/usr/bin:/bin` });
    expect([ran.code, ran.stderr]).toEqual([0, "loopkit: opening it with xdg-open\n"]);
    await expect.poll(() => (existsSync(opened) ? readFileSync(opened, "utf8") : ""), { timeout: 10_000 }).toBe(ran.stdout.trim());

    const without = await report(["--open"], loop.data, loop.project, { PATH: path.join(loop.root, "empty") });
    expect(without.code).toBe(0);
    expect(without.stderr).toBe(`loopkit: no xdg-open here to open the page with; open ${without.stdout.trim()} in a browser\n`);
  });
});
