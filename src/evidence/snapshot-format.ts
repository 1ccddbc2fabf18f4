// The format of snapshot.json: a snapshot is a few hashes of trees in the project's object store. A
// leaf of its own, so what reads a snapshot's fields needs nothing of how one is taken.
import * as z from "zod";

const Hash = z.string().regex(/^[0-9a-f]{64}$/);

export const SnapshotSchema = z.object({
  version: z.literal(1),
  /** The project's tree. */
  root: Hash,
  /** The hash of the project's tree without `.auto-loop/` (not stored): what the agent changed, for thrash detection. */
  work_root: Hash.optional(),
  /** The git metadata recorded: the git folder ("\0git") and its common folder ("\0common"), each a tree of config, info/, hooks/... */
  git: z.array(z.object({ key: z.string(), dir: z.string(), tree: Hash })),
  taken_at: z.iso.datetime(),
  counts: z.object({
    files: z.int().nonnegative(),
    dirs: z.int().nonnegative(),
    links: z.int().nonnegative(),
    special: z.int().nonnegative(),
    unreadable: z.int().nonnegative(),
    bytes: z.number().nonnegative(),
    unkept: z.int().nonnegative(),
  }),
});
export type Snapshot = z.infer<typeof SnapshotSchema>;
