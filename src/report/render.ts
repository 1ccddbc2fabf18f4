// A loop's story as one self-contained HTML page: the frame both kinds share, and the dispatch.
import { html, page, type Html } from "./html.js";
import { when } from "./parts.js";
import { renderAutoLoop } from "./render-auto-loop.js";
import { renderRepeat } from "./render-repeat.js";
import type { LoopStory } from "./story.js";

export function renderReport(story: LoopStory, now: Date): string {
  const body = story.kind === "auto-loop" ? renderAutoLoop(story, now) : renderRepeat(story, now);
  return page(`loopkit ${story.kind} ${story.id}: ${story.status}`, html`<main>${body}${footer(story, now)}</main>`);
}

function footer(story: LoopStory, now: Date): Html {
  return html`<footer>
    Written by <code>loopkit report ${story.id}</code> at ${when(now.toISOString())} from loopkit's own
    records${story.projectDir ? html` of <code>${story.projectDir}</code>` : ""}. Everything the agent wrote is shown as text; the page runs
    no script and loads nothing.
  </footer>`;
}
