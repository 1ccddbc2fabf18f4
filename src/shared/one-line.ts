// Text from a loop (a command, a goal, a summary) shown in one line to a person.

/** Whitespace runs made one space, at most `max` characters (the last one an ellipsis when cut). */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** As oneLine, and printable: without control or direction characters, so nothing the model wrote can drive the terminal. */
export function plain(text: string, max = 40): string {
  return oneLine(text.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]+/g, " "), max);
}
