// Pieces both kinds' pages share.
import { formatDuration } from "../shared/duration.js";
import { html, type Html } from "./html.js";
import type { LoopStory } from "./story.js";

/** "2026-11-30 12:00:05 UTC", as the records keep it. */
export const when = (iso: string) => `${iso.slice(0, 19).replace("T", " ")} UTC`;

export function statusBadge(status: string): Html {
  return html`<span class="badge ${status}">${status}</span>`;
}

/** How long the loop ran: until its end, or until now while it runs. */
export function ranFor(story: LoopStory, now: Date): string {
  const end = story.endedAt ? Date.parse(story.endedAt) : now.getTime();
  return formatDuration(end - Date.parse(story.startedAt));
}

/** What the report could not show, said where the reader sees it. */
export function gapsBox(gaps: string[]): Html {
  return gaps.length ? html`<div class="gaps">${gaps.map((gap) => html`<p>${gap}</p>`)}</div>` : html``;
}
