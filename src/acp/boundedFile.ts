/**
 * Reading and writing one workspace file for `fs/*` without trusting the name twice and without reading more than a
 * bound. The caller passes the canonical path it checked against the workspace; here the file is opened, and what was
 * opened is checked (the open handle's path through `/proc/self/fd` on Linux, else the handle's device and inode
 * against the realpath's) before a byte is read or written. New files are created exclusively, so a symlink planted
 * at the name (dangling or not) is never followed by a write. `stat` comes before any read; whole-file reads over the
 * limit are refused; `line`/`limit` reads stream and stop as soon as they have their lines.
 *
 * Only UTF-8 text is read or replaced, byte for byte (a BOM and CRLF line endings included): a file in another encoding
 * or a binary one read as UTF-8 comes back with U+FFFD where its bytes were, and an agent writing that text back
 * replaces them for good. Such a file is refused both ways, with a reason the agent can pass on.
 */
import { isUtf8 } from "node:buffer";
import { constants, existsSync } from "node:fs";
import { mkdir, open, readlink, realpath, stat, unlink, type FileHandle } from "node:fs/promises";
import { basename, dirname } from "node:path";

export class FileAccessError extends Error {
  constructor(
    message: string,
    readonly reason: "too_large" | "not_a_file" | "moved" | "too_deep" | "linked" | "not_text",
  ) {
    super(message);
  }
}

export interface ReadBounds {
  /** 1-based first line; lines are separated by "\n". */
  line?: number;
  /** How many lines from `line`. */
  limit?: number;
  /** The most bytes one answer may carry. */
  maxBytes: number;
  /** How far a `line`/`limit` read may scan a file for its first line before it gives up. */
  maxScanBytes: number;
}

const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
/**
 * A FIFO opened without it blocks until a writer (or reader) comes, holding one of the few threads every file
 * operation of the extension host shares: four such reads stopped them all. A regular file reads as before.
 */
const NONBLOCK = constants.O_NONBLOCK ?? 0;

/**
 * Refuses what the names cannot tell: a regular file only (not a FIFO or a device), and one with no other name. A
 * hard link in the workspace is the same file as its other names, which may be outside it (a key) or protected (a
 * repository's `.git/config`); Symposium checks names, so a file with several is not read or written.
 */
function checkKind(info: { isFile(): boolean; nlink: number }): void {
  if (!info.isFile()) throw new FileAccessError("not a regular file", "not_a_file");
  if (info.nlink > 1)
    throw new FileAccessError(
      "the file has other names (hard links) that Symposium cannot check against the workspace",
      "linked",
    );
}

const NOT_TEXT =
  "the file is not UTF-8 text (a binary file, or text in another encoding); Symposium reads and replaces only UTF-8 text, so that none of its bytes are lost";

/** `bytes` as text, unless they are not UTF-8 (`toString` would put U+FFFD in place of what it cannot decode). */
function utf8Text(bytes: Buffer): string {
  if (!isUtf8(bytes)) throw new FileAccessError(NOT_TEXT, "not_text");
  return bytes.toString("utf8");
}

/**
 * Throws `not_text` unless the open file's bytes, streamed from its start, are UTF-8 throughout; `too_deep` past
 * `maxBytes`, where it stops looking.
 */
async function checkUtf8(handle: FileHandle, maxBytes: number): Promise<void> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const chunk = Buffer.alloc(256 * 1024);
  try {
    for (let at = 0; ;) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, at);
      if (bytesRead === 0) break;
      at += bytesRead;
      if (at > maxBytes)
        throw new FileAccessError(
          `the file has more than the ${maxBytes} bytes Symposium checks are UTF-8 text before it reads or replaces them`,
          "too_deep",
        );
      decoder.decode(chunk.subarray(0, bytesRead), { stream: true });
    }
    decoder.decode(); // a sequence cut off at the end
  } catch (error) {
    if (error instanceof FileAccessError) throw error;
    throw new FileAccessError(NOT_TEXT, "not_text");
  }
}

/** Throws `moved` unless the open handle is the file at `expected` (a canonical path). */
async function checkOpened(handle: FileHandle, expected: string): Promise<void> {
  if (process.platform === "linux") {
    let opened: string | undefined;
    try {
      opened = await readlink(`/proc/self/fd/${handle.fd}`);
    } catch {
      opened = undefined; // no /proc: fall back to the inode check
    }
    if (opened !== undefined) {
      if (opened !== expected) throw new FileAccessError(`the file moved while it was opened`, "moved");
      return;
    }
  }
  const [held, named] = await Promise.all([
    handle.stat(),
    realpath(expected).then(
      (real) => (real === expected ? stat(real) : undefined),
      () => undefined,
    ),
  ]);
  if (!named || held.dev !== named.dev || held.ino !== named.ino)
    throw new FileAccessError(`the file moved while it was opened`, "moved");
}

/** The file at `path` (canonical, checked) opened for reading and checked, or `undefined` when none is there. */
async function openForReading(path: string): Promise<{ handle: FileHandle; size: number } | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | NOFOLLOW | NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    if ((error as NodeJS.ErrnoException).code === "ELOOP")
      throw new FileAccessError("the file moved while it was opened", "moved");
    throw error;
  }
  try {
    await checkOpened(handle, path);
    const info = await handle.stat();
    checkKind(info);
    return { handle, size: info.size };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * The file at `path` (canonical, checked), checked as a read here checks it (UTF-8 text within `maxBytes` included),
 * for a read that goes another way: the editor's open document was read by name, unchecked, and a document of a hard
 * link is the file outside the workspace (or the protected one) it shares. Undefined when no file is there; `bom`
 * when it begins with one, which the editor's text leaves out.
 */
export async function checkExisting(path: string, maxBytes: number): Promise<{ bom: boolean } | undefined> {
  const opened = await openForReading(path);
  if (!opened) return undefined;
  try {
    await checkUtf8(opened.handle, maxBytes);
    const head = Buffer.alloc(3);
    const { bytesRead } = await opened.handle.read(head, 0, 3, 0);
    return { bom: bytesRead === 3 && head.toString("utf8") === "\uFEFF" };
  } finally {
    await opened.handle.close();
  }
}

/** The file's text within `bounds`, or `undefined` when no file exists at `path`. */
export async function readBounded(path: string, bounds: ReadBounds): Promise<string | undefined> {
  const opened = await openForReading(path);
  if (!opened) return undefined;
  const { handle, size } = opened;
  try {
    if (bounds.line === undefined && bounds.limit === undefined) {
      if (size > bounds.maxBytes) {
        throw new FileAccessError(
          `the file has ${size} bytes, more than the ${bounds.maxBytes} Symposium serves in one read; use line and limit`,
          "too_large",
        );
      }
      // Sized by the stat, and grown (within the bound) only for a file that grows after it: a buffer of the bound
      // for every read held 8 MB for each small file, 512 MB for 64 reads at once.
      let buffer = Buffer.alloc(size + 1);
      let read = 0;
      for (;;) {
        if (read === buffer.length) {
          const grown = Buffer.alloc(Math.min(buffer.length * 2, bounds.maxBytes + 1));
          buffer.copy(grown, 0, 0, read);
          buffer = grown;
        }
        const { bytesRead } = await handle.read(buffer, read, buffer.length - read, read);
        if (bytesRead === 0) break;
        read += bytesRead;
        if (read > bounds.maxBytes)
          throw new FileAccessError("the file grew past the read limit", "too_large");
      }
      return utf8Text(buffer.subarray(0, read));
    }
    return await readLines(handle, bounds);
  } finally {
    await handle.close();
  }
}

/** Streams the file and keeps lines `line` .. `line + limit - 1`, stopping as soon as it has them. */
async function readLines(handle: FileHandle, bounds: ReadBounds): Promise<string> {
  const first = bounds.line ?? 1;
  const wanted = bounds.limit ?? Infinity;
  if (wanted === 0) return "";
  const stream = handle.createReadStream({ start: 0, autoClose: false, highWaterMark: 256 * 1024 });
  let line = 1; // the line the next byte belongs to
  let scanned = 0;
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let done = false;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let start = 0;
      while (line < first) {
        const newline = chunk.indexOf(10, start);
        if (newline === -1) {
          start = chunk.length;
          break;
        }
        start = newline + 1;
        line++;
      }
      scanned += chunk.length;
      if (line < first) {
        if (scanned > bounds.maxScanBytes) {
          throw new FileAccessError(
            `line ${first} is more than ${bounds.maxScanBytes} bytes into the file; Symposium does not scan that far`,
            "too_deep",
          );
        }
        continue;
      }
      // Inside the wanted range: keep bytes up to the end of the last wanted line.
      let end = start;
      while (line < first + wanted) {
        const newline = chunk.indexOf(10, end);
        if (newline === -1) {
          end = chunk.length;
          break;
        }
        end = newline + 1;
        line++;
      }
      keptBytes += end - start;
      if (keptBytes > bounds.maxBytes + 1) {
        throw new FileAccessError(
          `the requested lines are more than the ${bounds.maxBytes} bytes Symposium serves in one read; ask for fewer`,
          "too_large",
        );
      }
      kept.push(chunk.subarray(start, end));
      if (line >= first + wanted) {
        done = true;
        break;
      }
    }
  } finally {
    stream.destroy();
  }
  // Whole lines only: a range of a UTF-8 file is UTF-8 too.
  let text = utf8Text(Buffer.concat(kept));
  // A range that ends inside the file leaves out the separator after its last line.
  if (done && text.endsWith("\n")) text = text.slice(0, -1);
  return text;
}

/**
 * Writes `content` to `path` (canonical, checked): an existing file is opened without following a final symlink and
 * checked (UTF-8 text within `maxCheckBytes` included) before it is truncated; a new one is created exclusively and
 * checked, and removed again if the check fails.
 */
export async function writeChecked(path: string, content: string, maxCheckBytes: number): Promise<void> {
  let handle: FileHandle;
  let created = false;
  try {
    // Read as well as written: what it holds is checked first.
    handle = await open(path, constants.O_RDWR | NOFOLLOW | NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP") throw new FileAccessError("the file moved while it was opened", "moved");
    // A FIFO with no reader.
    if (code === "ENXIO") throw new FileAccessError("not a regular file", "not_a_file");
    if (code !== "ENOENT") throw error;
    handle = await createNew(path);
    created = true;
  }
  try {
    try {
      await checkOpened(handle, path);
    } catch (error) {
      if (created) await removeCreated(handle, path);
      throw error;
    }
    checkKind(await handle.stat());
    if (!created) await checkUtf8(handle, maxCheckBytes);
    await handle.truncate(0);
    // `write` is one write(2), which a full disk or a file size limit cuts short without an error: the file kept part
    // of the content and the agent was told it was written. `writeFile` writes until all is (from position 0, as
    // nothing above moved it) or throws.
    await handle.writeFile(content, "utf8");
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** Linux with `/proc` mounted (a container may lack it): open files' paths can be read and made relative to. */
let procFds: boolean | undefined;
const hasProcFds = (): boolean => (procFds ??= process.platform === "linux" && existsSync("/proc/self/fd"));

/**
 * Creates the new file `path` (canonical, checked) and the folders it lacks. A parent swapped for a symlink meanwhile
 * would lead a `mkdir` or `open` by name elsewhere (outside the workspace), and a folder made there could not be told
 * from one that was there before (so none is removed). On Linux each level is made and opened inside the level above,
 * held open and checked (`/proc/self/fd`), so nothing is ever made outside; elsewhere each level is checked after it
 * is made, and the file is checked (and removed) once opened.
 */
async function createNew(path: string): Promise<FileHandle> {
  // "wx": O_CREAT | O_EXCL, which fails on any existing name, a symlink (dangling or not) included.
  if (!hasProcFds()) {
    await makeFolders(dirname(path));
    return open(path, "wx");
  }
  const parent = await heldFolder(dirname(path));
  try {
    return await open(`/proc/self/fd/${parent.fd}/${basename(path)}`, "wx");
  } finally {
    await parent.close().catch(() => undefined);
  }
}

const FOLDER = constants.O_RDONLY | (constants.O_DIRECTORY ?? 0) | NOFOLLOW;

/** Linux: `folder` (canonical) open and checked to be where its name says, made one level at a time if missing. */
async function heldFolder(folder: string): Promise<FileHandle> {
  let held: FileHandle | undefined;
  try {
    held = await open(folder, FOLDER);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ELOOP" || code === "ENOTDIR")
      throw new FileAccessError("a folder moved while it was created", "moved");
    if (code !== "ENOENT" || dirname(folder) === folder) throw error;
    const parent = await heldFolder(dirname(folder));
    try {
      const name = `/proc/self/fd/${parent.fd}/${basename(folder)}`;
      await mkdir(name).catch((made: NodeJS.ErrnoException) => {
        // ENOENT: the folder held above was removed meanwhile.
        if (made.code === "ENOENT") throw new FileAccessError("a folder moved while it was created", "moved");
        if (made.code !== "EEXIST") throw made;
      });
      held = await open(name, FOLDER).catch(() => {
        throw new FileAccessError("a folder moved while it was created", "moved");
      });
    } finally {
      await parent.close().catch(() => undefined);
    }
  }
  if ((await readlink(`/proc/self/fd/${held.fd}`)) !== folder) {
    await held.close().catch(() => undefined);
    throw new FileAccessError("a folder moved while it was created", "moved");
  }
  return held;
}

/** Elsewhere: the missing folders of `folder` made one at a time, each checked after it is made. */
async function makeFolders(folder: string): Promise<void> {
  const missing: string[] = [];
  for (let at = folder; ; at = dirname(at)) {
    try {
      await stat(at);
      break;
    } catch {
      if (dirname(at) === at) break;
      missing.unshift(at);
    }
  }
  for (const at of missing) {
    await mkdir(at).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "EEXIST") throw error;
    });
    if ((await realpath(at)) !== at)
      throw new FileAccessError("a folder moved while it was created", "moved");
  }
}

/**
 * Removes a file we just created through a path that turned out to lead elsewhere: by its real location where
 * `/proc` tells it, else (macOS, Windows) by the name it was created through, `path`, followed as `open` followed it
 * (a folder swapped for a link to outside leads there still), so no empty file is left outside the workspace.
 */
async function removeCreated(handle: FileHandle, path: string): Promise<void> {
  try {
    const where =
      (process.platform === "linux"
        ? await readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined)
        : undefined) ?? path;
    // Only if it is still the empty file we made.
    const [held, named] = [await handle.stat(), await stat(where)];
    if (held.ino === named.ino && held.dev === named.dev && named.size === 0) await unlink(where);
  } catch {
    // Best effort; the write was refused either way.
  }
}
