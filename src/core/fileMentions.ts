/**
 * The `@` list of the message box: which of the workspace's files match what the person typed after `@`, and the
 * tokens the view names a chosen file by. Pure, for plain-Node tests; the host lists the files (`src/host`).
 *
 * A token is host-made, bound to the session it was offered in, and becomes the id of the file's chip when the
 * person chooses it, so the view can send the message with it at once, before the host's header shows the chip. A
 * view can add only a file the host offered it for that session.
 */
import type { FileMatchView } from "../shared/protocol";
import { randomUUID } from "./randomUUID";

/** A file (or a folder holding files) the list can offer. */
export interface MentionFile {
  /** `file:` URI. */
  readonly uri: string;
  /** As shown (`asRelativePath`): relative to its workspace folder, else absolute; `/` between names, none at the end. */
  readonly path: string;
  /** Open in an editor: offered before the rest. */
  readonly open: boolean;
  /** A folder: it goes to the agent as a link to the folder, and matches as `path/`. */
  readonly folder?: true;
}

/** Matches the list shows: a screenful; the person types more to narrow it. */
export const MENTION_MATCHES = 12;
/** Tokens held at once, across sessions: enough for the lists a person can still choose from. */
const MAX_TOKENS = 240;

/**
 * The files matching `query` (case-insensitive), best first: the name equal to it, then starting with it, then
 * holding it, then the path holding it, then the path holding its characters in order (`gts` finds `greeting.ts`).
 * A folder matches as `path/` (`src/` is the folder's name), and not by scattered characters: a person looking for a
 * folder types its name. Within a rank, open files first, then shorter paths, then by path. An empty query lists
 * open files, then the rest.
 */
export function matchFiles(
  files: readonly MentionFile[],
  query: string,
  limit = MENTION_MATCHES,
): MentionFile[] {
  const wanted = query.toLowerCase();
  const ranked: { file: MentionFile; rank: number }[] = [];
  for (const file of files) {
    const rank = file.folder
      ? folderRank(file.path.toLowerCase(), wanted)
      : matchRank(file.path.toLowerCase(), wanted);
    if (rank !== undefined) ranked.push({ file, rank });
  }
  ranked.sort(
    (a, b) =>
      a.rank - b.rank ||
      Number(b.file.open) - Number(a.file.open) ||
      a.file.path.length - b.file.path.length ||
      (a.file.path < b.file.path ? -1 : a.file.path > b.file.path ? 1 : 0),
  );
  return ranked.slice(0, limit).map((entry) => entry.file);
}

/**
 * A glob for the files whose path (relative to its workspace folder) holds `query`, in any case, ending in the file's
 * name or in a folder's (`src/Gr`: any folders, then `*[sS][rR][cC]/[gG][rR]*`, the file itself or any file under it;
 * `src/gr` in `src/graphs/a.ts` finds that file, and so the folder `src/graphs`). For a workspace too large to list
 * whole, the files past the listing, and the folders holding them, are searched for by it. Undefined for an empty
 * query or one with characters a glob reads as a pattern (or that names no file part): those match within the listing
 * only.
 */
export function pathHoldingGlob(query: string): string | undefined {
  if (!/^[\w .\-/]+$/.test(query) || query.replace(/[ ./]/g, "") === "") return undefined;
  const caseless = [...query]
    .map((char) =>
      char.toLowerCase() !== char.toUpperCase() ? `[${char.toLowerCase()}${char.toUpperCase()}]` : char,
    )
    .join("");
  return `**/{*${caseless}*,*${caseless}*/**}`;
}

/**
 * The folders holding `files` (each once, by URI), for the `@` list, strictly inside the workspace folder (`roots`:
 * their URIs) a file is in: climbed by the URI, each named by its file's shown path cut as much (relative to its
 * workspace folder, in a workspace of several leading with the folder's name). The workspace folders themselves are
 * not offered. Climbing by the shown path's names instead, a `.code-workspace` naming a folder "web/app/src" offered
 * the folders above it, the home folder as "web/app".
 */
export function foldersOf(files: readonly MentionFile[], roots: readonly string[]): MentionFile[] {
  const folders = new Map<string, MentionFile>();
  for (const file of files) {
    const inside = roots
      .map((root) => `${root.replace(/\/$/, "")}/`)
      .find((root) => file.uri.startsWith(root));
    if (inside === undefined) continue;
    let uri = file.uri;
    let path = file.path;
    // From the file's own folder up, until the workspace folder.
    for (;;) {
      uri = uri.slice(0, uri.lastIndexOf("/"));
      path = path.slice(0, Math.max(0, path.lastIndexOf("/")));
      if (!uri.startsWith(inside) || path === "") break;
      if (folders.has(uri)) break; // and every folder above it, from an earlier file
      folders.set(uri, { uri, path, open: false, folder: true });
    }
  }
  return [...folders.values()];
}

function folderRank(path: string, wanted: string): number | undefined {
  if (wanted === "") return 0;
  const name = `${path.slice(path.lastIndexOf("/") + 1)}/`;
  if (name === wanted || name === `${wanted}/`) return 0;
  if (name.startsWith(wanted)) return 1;
  if (name.includes(wanted)) return 2;
  if (`${path}/`.includes(wanted)) return 3;
  return undefined;
}

function matchRank(path: string, wanted: string): number | undefined {
  if (wanted === "") return 0;
  const name = path.slice(path.lastIndexOf("/") + 1);
  if (name === wanted) return 0;
  if (name.startsWith(wanted)) return 1;
  if (name.includes(wanted)) return 2;
  if (path.includes(wanted)) return 3;
  let at = 0;
  for (const char of wanted) {
    at = path.indexOf(char, at) + 1;
    if (at === 0) return undefined;
  }
  return 4;
}

/** The tokens of the files offered to each session's `@` list, most recent last; the oldest go past the bound. */
export class MentionTokens {
  private readonly offered = new Map<string, { sessionKey: string; file: MentionFile }>();

  /** Tokens for the files offered to a session, in their order, as the view shows them. */
  offer(sessionKey: string, files: readonly MentionFile[]): FileMatchView[] {
    return files.map((file) => {
      const token = randomUUID();
      this.offered.set(token, { sessionKey, file });
      if (this.offered.size > MAX_TOKENS) this.offered.delete(this.offered.keys().next().value!);
      return file.folder ? { token, path: file.path, folder: true } : { token, path: file.path };
    });
  }

  /** The file a token names, once, when it was offered to this session; undefined otherwise. */
  take(sessionKey: string, token: string): MentionFile | undefined {
    const entry = this.offered.get(token);
    if (entry?.sessionKey !== sessionKey) return undefined;
    this.offered.delete(token);
    return entry.file;
  }
}
