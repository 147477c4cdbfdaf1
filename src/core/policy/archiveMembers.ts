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

/** The archive's members, or undefined when its format is not one read here or it is damaged. */
export function archiveMembers(bytes: Uint8Array): ArchiveMember[] | undefined {
  return isZip(bytes) ? zipMembers(bytes) : tarMembers(bytes);
}

function isZip(bytes: Uint8Array): boolean {
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
  // Fed the whole archive at once, the parser (gzip included) runs to its end before `end` returns.
  const parser = new Parser({
    strict: true,
    onReadEntry: (entry) => {
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
  try {
    parser.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch {
    return undefined;
  }
  return failed || !ended ? undefined : members;
}
