// A repeat loop's page: the command, the interval, each iteration's result, summary and duration, and
// how it ended.
import { formatDuration } from "../shared/duration.js";
import { barChart } from "./charts.js";
import { html, type Html } from "./html.js";
import { gapsBox, ranFor, statusBadge, when } from "./parts.js";
import type { RepeatIteration, RepeatStory } from "./story.js";

const STATUS_WORDS: Record<string, string> = {
  EARLY_SUCCESS: "An iteration reported the work done, so the loop stopped early.",
  COMPLETED: "Every iteration ran and the last one passed.",
  MAX_ITERATIONS: "Every iteration ran; the last one did not pass.",
  CIRCUIT_BREAKER: "It stopped after 3 failed iterations in a row.",
  CANCELLED: "It was cancelled.",
  ERROR: "loopkit's own hook failed, so the loop was ended rather than left running unjudged.",
  running: "An iteration is running.",
  waiting: "It waits for its next iteration.",
  paused: "It is paused: loopkit repeat --resume (or /loopkit:repeat --resume) goes on.",
};

export function renderRepeat(story: RepeatStory, now: Date): Html {
  const passed = story.iterations.filter((it) => it.result === "pass").length;
  return html`<h1>repeat <span class="mono">${story.id}</span></h1>
    <p class="sub">
      ${story.projectDir ? html`<code>${story.projectDir}</code> · ` : ""}started ${when(story.startedAt)} · ran ${ranFor(story, now)}
    </p>
    <div class="status">${statusBadge(story.status)}<span class="why">${STATUS_WORDS[story.status] ?? ""}</span></div>
    ${gapsBox(story.gaps)}
    <h2>Command</h2>
    <pre class="goal">${story.command}</pre>
    <dl class="facts">
      <dt>Interval</dt>
      <dd>${story.interval}</dd>
      <dt>Iterations</dt>
      <dd>${story.iterations.length} of at most ${story.maxIterations}: ${passed} passed, ${story.iterations.length - passed} failed</dd>
      <dt>Ended</dt>
      <dd>${story.endedAt ? when(story.endedAt) : "not yet"}</dd>
    </dl>
    ${story.iterations.length ? chart(story.iterations) : ""}
    <h2>Iterations</h2>
    ${story.iterations.length ? table(story.iterations) : html`<p class="muted">No iteration is on record yet.</p>`}`;
}

function chart(iterations: RepeatIteration[]): Html {
  const timed = iterations.every((it) => it.durationMs !== null);
  const points = iterations.map((it) => ({
    x: it.number,
    value: timed ? it.durationMs! / 1000 : 1,
    tone: it.result,
    label: `iteration ${it.number}: ${it.result}${it.durationMs !== null ? `, ${formatDuration(it.durationMs)}` : ""}`,
  }));
  const caption = timed ? "Duration per iteration (seconds)" : "Result per iteration";
  return html`<h2>Chart</h2>
    <div class="charts">
      <figure>
        <figcaption>${caption}</figcaption>
        ${barChart(points, caption)}
        <p class="note">Green passed, red failed.</p>
      </figure>
    </div>`;
}

function table(iterations: RepeatIteration[]): Html {
  return html`<table>
    <thead>
      <tr>
        <th class="num">#</th>
        <th>Started</th>
        <th class="num">Duration</th>
        <th>Result</th>
        <th>Summary</th>
      </tr>
    </thead>
    <tbody>
      ${iterations.map(
        (it) =>
          html`<tr>
            <td class="num">${it.number}</td>
            <td>${when(it.startedAt)}</td>
            <td class="num">${it.durationMs === null ? "-" : formatDuration(it.durationMs)}</td>
            <td>${statusBadge(it.result)}${it.exitCode === 2 ? html` <span class="muted">(no result line)</span>` : ""}</td>
            <td class="summary">${it.summary ?? html`<span class="muted">none</span>`}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}
