// The one line every end message and listing uses to point at a loop's report (`loopkit report`).

/** The command that writes `loopId`'s report and prints where. */
export const reportCommand = (loopId: string) => `loopkit report ${loopId}`;
