// The audit's view of the changes, from real snapshots: text as text, the complete list, goalposts first.
import { describe, expect, it } from "vitest";
import { changeReport, REPORT_LIMITS } from "../../src/evidence/report.js";
import { openStore } from "../../src/evidence/snapshot.js";
import { KEEP_BYTES } from "../../src/evidence/walk.js";
import { changesOf, makeProject, snap } from "./fixture.js";

async function reportOf(
  setup: (write: ReturnType<typeof makeProject>["write"]) => void,
  change: (write: ReturnType<typeof makeProject>["write"]) => void,
  limits = REPORT_LIMITS,
) {
  const { project, data, write } = makeProject();
  setup(write);
  const a = await snap(data, project);
  change(write);
  const b = await snap(data, project);
  const store = openStore(data, project);
  try {
    return changeReport(
      store,
      changesOf(data, project, a, b),
      { verifyCommand: "node test/run.js", protect: [] },
      "/data/audit/loop/changes.txt",
      limits,
    );
  } finally {
    store.close();
  }
}

describe("changeReport", () => {
  it("shows a NUL-byte file, an attribute-binary file and control characters as text, with a real diff", async () => {
    const report = await reportOf(
      (w) => {
        w("src/answer.js", "function answer(x) {\n  return compute(x);\n}\n");
        w(".gitattributes", "*.js binary\n");
      },
      (w) => {
        w("src/answer.js", "function answer(x) {\n  return 42;\u0000\n}\n");
        w("data.bin", Buffer.from([0x00, 0x01, 0x41, 0xff]));
      },
    );
    expect(report.summary).toBe("2 file(s) changed: 1 added, 1 changed, 0 deleted.");
    expect(report.excerpt).toContain("--- changed: src/answer.js (44 bytes -> 37 bytes)");
    expect(report.excerpt).toContain("-  return compute(x);\n+  return 42;\\x00");
    expect(report.excerpt).toContain("--- added: data.bin (4 bytes)");
    expect(report.excerpt).toContain("+\\x00\\x01A\\xff\n\\ No newline at end of file");
    expect(report.excerpt).not.toMatch(/binary/i);
  });

  it("lists every changed file and shows goalposts before bulk, however much junk sorts before them", async () => {
    const report = await reportOf(
      (w) => {
        w("test/run.js", "assert(answer(2) === 4)\n");
        w("node_modules/dep/index.js", "module.exports = (x) => x * 2;\n");
      },
      (w) => {
        for (let i = 0; i < 300; i++) w(`aaa/junk${String(i).padStart(3, "0")}.txt`, `${"junk ".repeat(100)}\n`);
        w("test/run.js", "process.exit(0)\n");
        w("node_modules/dep/index.js", "module.exports = () => 4;\n");
      },
      { ...REPORT_LIMITS, listLines: 50, excerptBytes: 8 * 1024 },
    );
    expect(report.count).toBe(302);
    const excerpt = report.excerpt;
    expect(excerpt.indexOf("--- changed: test/run.js")).toBeGreaterThan(0);
    expect(excerpt.indexOf("--- changed: test/run.js")).toBeLessThan(excerpt.indexOf("--- added: aaa/junk000.txt"));
    expect(excerpt).toContain("+process.exit(0)");
    expect(excerpt).toMatch(
      /\.\.\. and 252 more, by folder:\n {4}aaa\/: 251 added, 0 changed, 0 deleted \(125,751 bytes\)\n {4}node_modules\/dep\/: 0 added, 1 changed/,
    );
    expect(excerpt).toContain("The complete list and every diff: /data/audit/loop/changes.txt");
    // The full text has every file and the bulk change's diff.
    expect(report.full).toContain("  added    aaa/junk299.txt");
    expect(report.full).toContain("+module.exports = () => 4;");
    expect(report.full.indexOf("node_modules/dep/index.js")).toBeGreaterThan(report.full.indexOf("aaa/junk299.txt"));
  });

  it("says a file over the content limit changed, with its sizes, when only its hash is kept", async () => {
    const report = await reportOf(
      (w) => w("node_modules/big.js", Buffer.alloc(KEEP_BYTES + 10, 0x61)),
      (w) => w("node_modules/big.js", Buffer.alloc(KEEP_BYTES + 20, 0x62)),
    );
    expect(report.excerpt).toMatch(
      /--- changed: node_modules\/big\.js \(1,048,586 bytes -> 1,048,596 bytes\)\n\(over 1,048,576 bytes: loopkit keeps its hash, not its content; sha256 [0-9a-f]{16}\.\.\. -> [0-9a-f]{16}\.\.\.\)/,
    );
  });

  it("says there is nothing when nothing changed", async () => {
    const report = await reportOf(
      (w) => w("a.txt", "a\n"),
      () => undefined,
    );
    expect(report).toMatchObject({ count: 0, summary: "No file changed." });
  });
});

describe("long lines (minified code)", () => {
  it("cut to a window around where a changed line differs, so a change deep inside one line shows", async () => {
    const line = (middle: string) => `var a=${"x".repeat(150_000)}${middle}${"y".repeat(150_000)};\n`;
    const report = await reportOf(
      (w) => w("node_modules/lib/bundle.min.js", line("return compute(n)")),
      (w) => w("node_modules/lib/bundle.min.js", line("return 4 /*CHEAT*/")),
    );
    expect(report.excerpt).toMatch(/-\[\.\.\. [\d,]+ characters \.\.\.\]x+return compute\(n\)y+\[\.\.\. [\d,]+ more characters \.\.\.\]/);
    expect(report.excerpt).toMatch(
      /\+\[\.\.\. [\d,]+ characters \.\.\.\]x+return 4 \/\*CHEAT\*\/y+\[\.\.\. [\d,]+ more characters \.\.\.\]/,
    );
    expect(report.excerpt.length).toBeLessThan(20_000);
  });
});
