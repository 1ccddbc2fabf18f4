// The status line of a session that owns a loop: its marker, then the loop's state, both validated.
// An auto-loop ended from outside its session (--cancel from a terminal, a takeover) keeps the marker
// until the session's next Stop, which may never come: it is shown for a minute after it ended, then
// no more. (A repeat loop's marker goes as it ends, --cancel included.)
import { AutoLoopStateSchema } from "../auto-loop/core/state.js";
import { RepeatStateSchema } from "../repeat/state.js";
import { SessionMarkerSchema } from "../session/marker.js";
import { readJson } from "../state/json-store.js";
import { autoLoopLine, repeatLine } from "./line.js";

/** How long after its end a loop is still shown. */
export const ENDED_SHOWN_MS = 60_000;

/** The line for the loop `markerText` points at, if it is still this session's; a short note when unreadable. */
export async function describeLoop(markerText: string, sessionId: string, now: Date): Promise<string | undefined> {
  let raw: unknown;
  try {
    raw = JSON.parse(markerText);
  } catch {
    return undefined;
  }
  const marker = SessionMarkerSchema.safeParse(raw);
  if (!marker.success) return undefined;
  try {
    const { kind, state_file: file, loop_id: loopId } = marker.data;
    if (kind === "repeat") {
      const read = await readJson(file, RepeatStateSchema);
      return read.exists && read.value.session_id === sessionId && read.value.loop_id === loopId ? repeatLine(read.value, now) : undefined;
    }
    const read = await readJson(file, AutoLoopStateSchema);
    const own = read.exists && read.value.session_id === sessionId && read.value.loop_id === loopId;
    const endedLongAgo = read.exists && read.value.ended_at !== null && now.getTime() - Date.parse(read.value.ended_at) > ENDED_SHOWN_MS;
    return own && !endedLongAgo ? autoLoopLine(read.value, now) : undefined;
  } catch {
    return `loopkit ${marker.data.kind}: state unreadable (see /loopkit:${marker.data.kind} --status)`;
  }
}
