/**
 * What an archive holds, read from its bytes as `tar x` and `unzip` would write it: each member's name, and where a
 * link member leads. tar archives (plain or gzip) are read with `tar` (npm's own tar library), zip archives'
 * central directories with `fflate`. Any other format, or an archive that does not read to its end, is not known.
 */
import { unzipSync } from "fflate";
import { Parser } from "tar/parse";

export interface ArchiveMember {
  name: string;
  /** A symbolic or hard link's target, as written in the archive. */
  link?: string;
  /** A folder entry (`src/`): it holds the members below it. */
  folder?: true;
}

/**
 * The archive's members, or undefined when its format is not one read here, it is damaged, or it holds more than is
 * read in the extension host while a request waits (`MAX_TAR_CONTENT_BYTES`, `MAX_MEMBERS`).
 */
export function archiveMembers(bytes: Uint8Array): ArchiveMember[] | undefined {
  return isZip(bytes) ? zipMembers(bytes) : tarMembers(bytes);
}

/** A zip archive (or an empty one), by its first bytes. */
export function isZip(bytes: Uint8Array): boolean {
  return (
    bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5) && bytes[3] === bytes[2] + 1
  );
}

function zipMembers(bytes: Uint8Array): ArchiveMember[] | undefined {
  const members: ArchiveMember[] = [];
  try {
    // The filter sees each entry of the central directory; declining every one decompresses nothing.
    unzipSync(bytes, {
      filter: (file) => {
        members.push(file.name.endsWith("/") ? { name: file.name, folder: true } : { name: file.name });
        return false;
      },
    });
  } catch {
    return undefined;
  }
  return members;
}

function tarMembers(bytes: Uint8Array): ArchiveMember[] | undefined {
  const members: ArchiveMember[] = [];
  let failed = false;
  let ended = false;
  // What the members say they hold, which the parser reads through (inflating it) to reach the next header.
  let held = 0;
  const parser = new Parser({
    strict: true,
    onReadEntry: (entry) => {
      held += entry.size;
      if (held > MAX_TAR_CONTENT_BYTES || members.length >= MAX_MEMBERS) failed = true;
      const link = entry.type === "SymbolicLink" || entry.type === "Link" ? entry.linkpath : undefined;
      members.push({
        name: entry.path,
        ...(link !== undefined ? { link } : {}),
        ...(entry.type === "Directory" ? { folder: true as const } : {}),
      });
      entry.resume();
    },
  });
  parser.on("error", () => (failed = true));
  parser.on("warn", () => (failed = true));
  parser.on("end", () => (ended = true));
  // tar stops at the end-of-archive blocks; the parser keeps whatever follows them in one buffer it copies on each
  // write (a gzip bomb's zeros after them took hours, and all the memory they inflate to): nothing is fed after them.
  let atEnd = false;
  parser.on("eof", () => (atEnd = true));
  // Fed in slices, each parsed (gzip included) before `write` returns: a gzip bomb stops at the slice where what its
  // members say they hold passes the bound, not after inflating gigabytes in the extension host.
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    for (let at = 0; at < buffer.length && !failed && !atEnd; at += SLICE_BYTES)
      parser.write(buffer.subarray(at, at + SLICE_BYTES));
    // What follows them is not read (nor the end of a gzip stream cut there).
    if (!failed && !atEnd) parser.end();
  } catch {
    return undefined;
  }
  return failed || !(ended || atEnd) ? undefined : members;
}

/** The most a tar's members may hold together to be listed (a gzip bomb's zeros count). */
const MAX_TAR_CONTENT_BYTES = 64 * 1024 * 1024;
/** The most members listed; the caller asks past far fewer. */
const MAX_MEMBERS = 10_000;
/** A compressed slice inflates to at most about 1,000 times its size: 2 KB to about 2 MB. */
const SLICE_BYTES = 2 * 1024;
