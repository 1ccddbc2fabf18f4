// Reads a JUnit XML report (the format most runners can write: vitest, jest-junit, mocha-junit-reporter,
// pytest --junitxml, go-junit-report, cargo2junit, node:test's junit reporter). XML has entities, CDATA
// and attributes in any order, so a well-kept parser reads it (fast-xml-parser: no dependencies of its
// own to speak of, no native code); read.ts loads this module only when a report is read.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { fromTests, type TestResults } from "./results.js";

type Node = Record<string, unknown>;

/** The test cases of a JUnit XML report, or null when the text is not one. */
export function parseJunit(xml: string): TestResults | null {
  if (!/<(testsuites|testsuite)\b/.test(xml)) return null;
  if (XMLValidator.validate(xml) !== true) return null;
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    // Every element that may repeat is an array, whatever the count.
    isArray: (name) => ["testsuite", "testcase", "failure", "error", "skipped"].includes(name),
    processEntities: true,
    htmlEntities: false,
  });
  const doc = parser.parse(xml) as Node;
  const tests: Array<{ name: string; status: "passed" | "failed" | "skipped"; message: string }> = [];
  const visit = (node: unknown, suite: string) => {
    if (!node || typeof node !== "object") return;
    const element = node as Node;
    for (const testcase of (element.testcase as Node[] | undefined) ?? []) {
      const failure = [...((testcase.failure as unknown[]) ?? []), ...((testcase.error as unknown[]) ?? [])][0];
      const skipped = testcase.skipped !== undefined;
      const classname = text(testcase.classname);
      const name = [suite, classname === suite ? "" : classname, text(testcase.name)].filter(Boolean).join(" > ");
      tests.push({
        name,
        status: failure !== undefined ? "failed" : skipped ? "skipped" : "passed",
        message: failure === undefined ? "" : messageOf(failure),
      });
    }
    for (const child of (element.testsuite as Node[] | undefined) ?? [])
      visit(child, [suite, text(child.name)].filter(Boolean).join(" > "));
  };
  visit(doc.testsuites ?? doc, "");
  // node:test writes its test cases straight under <testsuites>; a lone <testsuite> root is a suite too.
  if (doc.testsuite && doc.testsuites) visit({ testsuite: doc.testsuite }, "");
  return fromTests("JUnit XML", tests);
}

function text(value: unknown): string {
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
}

function messageOf(failure: unknown): string {
  if (typeof failure === "string") return failure;
  const node = failure as Node;
  return text(node.message) || text(node["#text"]) || text(node.type);
}
