import { chmodSync, mkdtempSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useTempProject } from "./bundle-driver.js";
import { requireSystemTools } from "./system-tools.js";

const temp = useTempProject("loopkit system tools");

/** A PATH folder holding executables named `names` (and a non-executable `rg`, which does not count). */
function binWith(names: string[]): string {
  const bin = mkdtempSync(path.join(temp.tmp, "bin "));
  for (const name of names) {
    writeFileSync(path.join(bin, name), "#!/bin/sh\n");
    chmodSync(path.join(bin, name), 0o755);
  }
  writeFileSync(path.join(bin, "rg"), "not executable");
  return bin;
}

describe.skipIf(process.platform === "win32")("requireSystemTools", () => {
  it("runs the tests where every tool is on PATH", () => {
    expect(requireSystemTools(["bwrap", "socat"], { PATH: binWith(["bwrap", "socat"]) })).toEqual({ skip: false });
  });

  it("skips with one line naming the packages to install for the missing tools only", () => {
    const result = requireSystemTools(["bwrap", "socat", "rg", "tmux"], { PATH: binWith(["socat"]) });
    expect(result).toEqual({ skip: true, reason: "skipped: needs bubblewrap, ripgrep, tmux (apt-get install bubblewrap ripgrep tmux)" });
  });

  it("fails instead of skipping where LOOPKIT_REQUIRE_SYSTEM_TOOLS=1 (CI installs them)", () => {
    expect(() => requireSystemTools(["bwrap", "chromium"], { PATH: binWith(["bwrap"]), LOOPKIT_REQUIRE_SYSTEM_TOOLS: "1" })).toThrow(
      /^chromium not on PATH, and LOOPKIT_REQUIRE_SYSTEM_TOOLS=1 \(CI\) forbids skipping: needs chromium \(apt-get install chromium\)$/,
    );
    expect(requireSystemTools(["bwrap"], { PATH: binWith(["bwrap"]), LOOPKIT_REQUIRE_SYSTEM_TOOLS: "1" })).toEqual({ skip: false });
  });
});
