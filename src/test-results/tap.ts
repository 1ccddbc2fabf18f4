// Reads TAP (13 and 14, node:test's and vitest's flavours): the test points only, nested subtests
// named after their parents, a parent that holds subtests counted through its leaves. loopkit reads no
// more of TAP than this, so it does not bundle tap-parser (with its YAML parser) for it: see
// docs/test-results.md.
import { fromTests, type TestResults } from "./results.js";

const POINT = /^(\s*)(not ok|ok)\b\s*(\d+)?\s*(?:-\s*)?(.*)$/;
const SUBTEST = /^(\s*)# Subtest: (.*)$/;
const DIRECTIVE = /\s#\s*(SKIP|TODO)\b.*$/i;

interface Point {
  name: string;
  status: "passed" | "failed" | "skipped";
  message: string;
  depth: number;
  parent: boolean;
}

/** The test points of TAP text, or null when it holds none (or no plan or version line: not TAP). */
export function parseTap(text: string, runner = "TAP"): TestResults | null {
  const lines = text.split(/\r?\n/);
  if (!lines.some((line) => /^\s*(TAP version \d+|1\.\.\d+(\s+#.*)?)\s*$/.test(line))) return null;
  const points: Point[] = [];
  const subtests: string[] = [];
  const childSeen: boolean[] = [];
  let yaml: { point: Point; lines: string[] } | null = null;
  for (const line of lines) {
    if (yaml) {
      if (line.trim() === "...") {
        yaml.point.message = yamlMessage(yaml.lines);
        yaml = null;
      } else yaml.lines.push(line);
      continue;
    }
    const subtest = SUBTEST.exec(line);
    if (subtest) {
      subtests[depthOf(subtest[1]!)] = subtest[2]!.trim();
      continue;
    }
    const point = POINT.exec(line);
    if (point) {
      const depth = depthOf(point[1]!);
      const directive = DIRECTIVE.exec(point[4]!)?.[1]?.toUpperCase();
      const bare = point[4]!
        .replace(DIRECTIVE, "")
        .replace(/\s#\s*time=.*$/, "")
        .trim();
      const name = [...subtests.slice(0, depth), bare].join(" > ");
      const status = directive ? "skipped" : point[2] === "ok" ? "passed" : "failed";
      const parsed: Point = { name, status, message: "", depth, parent: childSeen[depth + 1] === true };
      childSeen[depth + 1] = false;
      childSeen[depth] = true;
      points.push(parsed);
      continue;
    }
    if (line.trim() === "---" && points.length > 0) yaml = { point: points.at(-1)!, lines: [] };
  }
  const leaves = points.filter((point) => !point.parent);
  if (leaves.length === 0 && !lines.some((line) => /^\s*1\.\.0\b/.test(line))) return null;
  return fromTests(runner, leaves);
}

const depthOf = (indent: string) => Math.floor(indent.replaceAll("\t", "    ").length / 4);

/** The failure's message from a test point's YAML block: `error:` (node:test) or `message:` (vitest). */
function yamlMessage(lines: string[]): string {
  for (const [index, line] of lines.entries()) {
    const field = /^\s*(error|message):\s*(.*)$/.exec(line);
    if (!field) continue;
    const value = field[2]!.trim();
    if (/^[|>][-+]?$/.test(value)) return lines[index + 1]?.trim() ?? "";
    return value.replace(/^(['"])(.*?)\1?$/, "$2");
  }
  return "";
}
