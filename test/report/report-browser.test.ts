// The report as a person sees it: rendered by headless Chromium, not blank, with no console message
// (a style the policy refused, a script, a failed load would each log one); and the policy holds even
// where escaping had slipped: a script put into the page does not run.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { runLoopkit } from "../cli/cli-io.js";
import { chromiumBin, NO_CHROMIUM, pngStats, renderPage } from "../support/chromium.js";
import { autoLoopOnRecord, repeatLoopOnRecord } from "./fixture.js";

const chromium = chromiumBin();
if (!chromium) console.log(NO_CHROMIUM);

let root: string | undefined;
afterEach(() => root && rmSync(root, { recursive: true, force: true }));

const reportOf = async (data: string, project: string, id: string) => {
  const ran = await runLoopkit(["report", id], {
    env: {
      HOME: path.dirname(data),
      PATH: process.env.PATH ?? "",
      LOOPKIT_DATA_DIR: data,
      LOOPKIT_STATS_FILE: path.join(data, "stats.json"),
    },
    cwd: project,
    now: new Date("2026-12-01T12:00:00.000Z"),
  });
  expect(ran.code, ran.stderr).toBe(0);
  return ran.stdout.trim();
};

/** Where a person can look at the screenshots ($LOOPKIT_REPORT_SHOTS), else nowhere. */
function keep(name: string, png: Buffer): void {
  const dir = process.env.LOOPKIT_REPORT_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, name), png);
}

describe.skipIf(!chromium)("the report in Chromium", { timeout: 180_000 }, () => {
  it("renders both kinds' pages, not blank, with no console message", async () => {
    const loop = await autoLoopOnRecord();
    root = loop.root;
    const repeat = await repeatLoopOnRecord(loop.data, loop.project);
    for (const [id, name] of [
      ["loop-auto-1", "auto-loop.png"],
      [repeat.loop_id, "repeat.png"],
    ] as const) {
      const file = await reportOf(loop.data, loop.project, id);
      const shot = await renderPage(chromium!, file, 1200, 2400);
      keep(name, shot.png);
      expect(shot.console).toEqual([]);
      const stats = pngStats(shot.png);
      expect(stats).toMatchObject({ width: 1200, height: 2400 });
      // Text, badges, charts: many colours and a fair share of ink; a blank or unstyled page has neither.
      expect(stats.colours).toBeGreaterThan(50);
      expect(stats.inked).toBeGreaterThan(0.03);
    }
  });

  it("runs no script even where one got into the page: the policy refuses it", async () => {
    const loop = await autoLoopOnRecord();
    root = loop.root;
    const file = await reportOf(loop.data, loop.project, "loop-auto-1");
    const slipped = path.join(loop.root, "slipped.html");
    const injected = `<script>document.body.setAttribute("data-ran", "yes")</script><img src=x onerror="document.body.setAttribute('data-ran','img')">`;
    writeFileSync(slipped, readFileSync(file, "utf8").replace("<main>", `${injected}<main>`));
    const dom = await execa(
      chromium!,
      ["--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0", "--dump-dom", `file://${slipped}`],
      {
        reject: false,
        timeout: 120_000,
        env: { HOME: loop.root, PATH: process.env.PATH ?? "" },
        extendEnv: false,
      },
    );
    expect(dom.stdout).toContain("<main>");
    expect(dom.stdout).toMatch(/<body>/);
    expect(dom.stdout).not.toMatch(/<body[^>]*data-ran/);
    expect(dom.stderr).toMatch(/:CONSOLE[^\n]*violates the following Content Security Policy directive/);
  });
});
