// An auto-loop's page: the goal, the caps and their use, the charts, each iteration (verdict, audit,
// files changed with their diffs one click away), the hand-off note and how it ended.
import { showText } from "../evidence/show-text.js";
import { formatDuration } from "../shared/duration.js";
import { barChart, compactNumber, lineChart, meter, type Point } from "./charts.js";
import { html, type Html } from "./html.js";
import { gapsBox, ranFor, statusBadge, when } from "./parts.js";
import type { AutoLoopIteration, AutoLoopStory, CapUse, FileChange } from "./story.js";

export function renderAutoLoop(story: AutoLoopStory, now: Date): Html {
  const judged = story.iterations.length;
  return html`<h1>auto-loop <span class="mono">${story.id}</span></h1>
    <p class="sub">
      ${story.projectDir ? html`<code>${story.projectDir}</code> · ` : ""}started ${when(story.startedAt)} · ran
      ${ranFor(story, now)}${story.status === "pursuing" ? " so far (still pursuing)" : story.status === "paused" ? " so far (paused)" : ""}
    </p>
    <div class="status">
      ${statusBadge(story.status)}<span class="why"
        >${story.reason ?? (story.status === "pursuing" ? "The loop is still pursuing its goal." : "")}</span
      >
    </div>
    ${gapsBox(story.gaps)}
    <h2>Goal</h2>
    ${story.goal === null ? html`<p class="muted">Not recorded.</p>` : html`<pre class="goal">${story.goal}</pre>`}
    <dl class="facts">
      ${
        story.verifyCommand
          ? html`<dt>Verifier</dt>
              <dd><code>${story.verifyCommand}</code></dd>`
          : ""
      }
      ${
        story.startDetail
          ? html`<dt>At the start</dt>
              <dd>${story.startDetail}</dd>`
          : ""
      }
      <dt>Ended</dt>
      <dd>${story.endedAt ? when(story.endedAt) : "not yet"}</dd>
      <dt>Iterations judged</dt>
      <dd>${judged}</dd>
    </dl>
    ${
      story.caps
        ? html`<h2>Caps</h2>
            <div class="caps">${story.caps.map(capBox)}</div>`
        : ""
    }
    ${judged ? charts(story.iterations) : ""}
    <h2>Iterations</h2>
    ${judged ? story.iterations.map(iteration) : html`<p class="muted">No iteration was judged.</p>`}
    <h2>Hand-off note</h2>
    ${story.handoffNote ? html`<pre>${story.handoffNote}</pre>` : html`<p class="muted">None was written${story.caps ? "" : " (or it is not on record)"}.</p>`}`;
}

function capValue(cap: CapUse, n: number): string {
  return cap.unit === "ms" ? formatDuration(n) : cap.unit === "tokens" ? compactNumber(n) : String(n);
}

function capBox(cap: CapUse): Html {
  const pct = cap.max > 0 ? Math.round((cap.used / cap.max) * 100) : 0;
  return html`<div class="cap">
    <div class="name">${cap.name}</div>
    <div class="value">${capValue(cap, cap.used)} of ${capValue(cap, cap.max)} <span class="muted">(${pct}%)</span></div>
    ${meter(cap.used, cap.max, `${cap.name}: ${pct}% of the cap used`)}
  </div>`;
}

function charts(iterations: AutoLoopIteration[]): Html {
  const counted = iterations.filter((it) => it.tests !== null);
  const tests = counted.length
    ? html`<figure>
        <figcaption>Failing tests, and tests that did not run</figcaption>
        ${lineChart(
          counted.map((it) => ({ x: it.number, value: it.tests!.failed, label: testsLabel(it) })),
          "failing tests, and tests that did not run, per iteration",
          counted.map((it) => ({ x: it.number, value: it.tests!.notRun ?? it.tests!.skipped ?? 0, label: testsLabel(it) })),
        )}
        <p class="note">
          From the verifier's test results at each gate: failing (solid), and did not run (dashed: skipped, or gone since the start).
        </p>
      </figure>`
    : html`<figure>
        <figcaption>Verifier per iteration</figcaption>
        ${barChart(
          iterations.map((it) => ({
            x: it.number,
            value: 1,
            tone: it.verdict ?? "none",
            label: `iteration ${it.number}: verifier ${it.verdict ?? "not run"}${it.exitCode !== null ? ` (exit ${it.exitCode})` : ""}`,
          })),
          "verifier outcome per iteration",
          { scale: false },
        )}
        <p class="note">
          Green pass, amber flaky, red fail. No test counts are on record for this loop, so its failing tests cannot be charted.
        </p>
      </figure>`;
  const tokenPoints: Point[] = iterations.map((it) => ({
    x: it.number,
    value: it.tokens,
    label: `iteration ${it.number}: ${it.tokens.toLocaleString("en-US")} tokens (${it.totalTokens.toLocaleString("en-US")} in all)`,
  }));
  return html`<h2>Charts</h2>
    <div class="charts">
      ${tests}
      <figure>
        <figcaption>Tokens per iteration</figcaption>
        ${barChart(tokenPoints, "tokens per iteration")}
        <p class="note">The turn and its audit; ${compactNumber(iterations.at(-1)!.totalTokens)} in all.</p>
      </figure>
    </div>`;
}

function testsLabel(it: AutoLoopIteration): string {
  const tests = it.tests!;
  const notRun = tests.notRun ?? tests.skipped ?? 0;
  return `iteration ${it.number}: ${tests.failed} failing, ${tests.passed} passing${notRun ? `, ${notRun} did not run` : ""}`;
}

function iteration(it: AutoLoopIteration): Html {
  const verifier = it.verdict
    ? html`verifier ${statusBadge(it.verdict)}${it.exitCode !== null ? html` <span class="muted">exit ${it.exitCode}</span>` : ""}`
    : html`<span class="muted">verifier not run</span>`;
  const audit = it.vote ? html` · audit ${statusBadge(it.vote)}` : "";
  const tests = it.tests
    ? html`<p>
        Tests: ${it.tests.passed} passed, ${it.tests.failed} failed${it.tests.skipped !== null ? `, ${it.tests.skipped} skipped` : ""}.
      </p>`
    : "";
  return html`<section class="iteration">
    <h3>
      Iteration ${it.number} ${verifier}${audit}<span class="when"
        >${when(it.at)} · ${formatDuration(it.durationMs)} · ${it.tokens.toLocaleString("en-US")} tokens</span
      >
    </h3>
    ${tests}
    ${
      it.reasons?.length
        ? html`<p>The audit's reasons:</p>
            <ul class="reasons">
              ${it.reasons.map((r) => html`<li>${r}</li>`)}
            </ul>`
        : ""
    }
    ${it.notes.length ? html`<p class="muted">${it.notes.join("; ")}</p>` : ""} ${files(it)}
    ${
      it.verifierOutput
        ? html`<details>
            <summary>The verifier's output (its tail)</summary>
            <pre>${it.verifierOutput}</pre>
          </details>`
        : ""
    }
  </section>`;
}

function files(it: AutoLoopIteration): Html {
  if (it.changes === null) return html`<p class="muted">Files changed: not on record.</p>`;
  if (it.changes.length === 0) return html`<p class="muted">No file changed.</p>`;
  const count = it.changes.length + it.moreChanges;
  return html`<p>${count} file${count === 1 ? "" : "s"} changed:</p>
    <ul class="files">
      ${it.changes.map(fileItem)}${it.moreChanges ? html`<li class="muted">… and ${it.moreChanges} more</li>` : ""}
    </ul>`;
}

function fileItem(change: FileChange): Html {
  const name = html`<span class="st ${change.status}">${change.status}</span><code>${visible(change.path)}</code>`;
  const note = change.note ? html` <span class="muted">(${change.note})</span>` : "";
  if (!change.diff) return html`<li>${name}${note}</li>`;
  return html`<li>
    <details>
      <summary>${name}${note}</summary>
      <pre class="diff">${change.diff.map(diffLine)}</pre>
    </details>
  </li>`;
}

/** A path with its control characters as visible escapes: a newline in a name shows as \x0a, not as a break or a space. */
function visible(name: string): string {
  return showText(Buffer.from(name)).replace(/[\t\n]/g, (c) => `\\x0${c === "\t" ? 9 : "a"}`);
}

function diffLine(line: string): Html {
  const cls = line.startsWith("@@") ? "hunk" : line.startsWith("+") ? "add" : line.startsWith("-") ? "del" : "";
  return html`<span class="${cls}">${line}</span>`;
}
