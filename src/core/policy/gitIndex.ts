/**
 * The entries a git index lists (`.git/index`, versions 2 to 4): what `git ls-files` prints, so that the policy can
 * check each name it may hand on (`git ls-files | xargs cat`) without walking the working tree. Undefined for an
 * index this does not read whole: another signature or version, a split or sparse index, a truncated entry.
 */

export interface IndexEntry {
  /** As git prints it, from the repository's top folder (`src/a.ts`). */
  path: string;
  /** A symbolic link (mode 120000), which a command given its name follows. */
  link: boolean;
  /** The file's stat data when it was added, as git keeps it (each field its low 32 bits; the mode as git's). */
  stat: StatData;
}

/** What git compares to tell a file unchanged without reading it (`ie_match_stat`), each field's low 32 bits. */
export interface StatData {
  ctimeSec: number;
  ctimeNsec: number;
  mtimeSec: number;
  mtimeNsec: number;
  dev: number;
  ino: number;
  /** git's mode: 0100644, 0100755, 0120000 (a link) or 0160000 (a submodule). */
  mode: number;
  uid: number;
  gid: number;
  size: number;
}

/**
 * Whether git may list an entry as changed in the working tree (`git diff --name-only`, `git ls-files -m`): unless
 * the file's stat data is the same as the index keeps (and the entry is not racily clean: changed in the second the
 * index was written), git does not read it and lists nothing. `now` is undefined for a file not there (deleted);
 * a submodule is always counted (git looks at its commit, not its folder's stat).
 */
export function mayBeChanged(
  entry: StatData,
  now: StatData | undefined,
  index: StatData | undefined,
): boolean {
  if (now === undefined || index === undefined || entry.mode === 0o160000) return true;
  if (entry.mtimeSec >= index.mtimeSec) return true;
  return (Object.keys(entry) as (keyof StatData)[]).some((field) => entry[field] !== now[field]);
}

/** Object names are SHA-1 (20 bytes) or, in a SHA-256 repository, 32 bytes. */
const HASH_SIZES = [20, 32] as const;
/** An entry's fixed part before its object name: ctime, mtime, dev, ino, mode, uid, gid, size. */
const STAT_BYTES = 40;
const EXTENDED_FLAG = 0x4000;
const NAME_LENGTH_MASK = 0x0fff;

export function gitIndexEntries(bytes: Uint8Array): IndexEntry[] | undefined {
  if (bytes.length < 12 || String.fromCharCode(...bytes.subarray(0, 4)) !== "DIRC") return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(4);
  if (version < 2 || version > 4) return undefined;
  const count = view.getUint32(8);
  for (const hashSize of HASH_SIZES) {
    const entries = readEntries(bytes, view, version, count, hashSize);
    if (entries !== undefined) return entries;
  }
  return undefined;
}

function readEntries(
  bytes: Uint8Array,
  view: DataView,
  version: number,
  count: number,
  hashSize: number,
): IndexEntry[] | undefined {
  const decoder = new TextDecoder("utf-8", { fatal: false });
  const entries: IndexEntry[] = [];
  let previous: Uint8Array = new Uint8Array(0);
  let at = 12;
  for (let i = 0; i < count; i++) {
    const start = at;
    const flagsAt = start + STAT_BYTES + hashSize;
    if (flagsAt + 2 > bytes.length) return undefined;
    const mode = view.getUint32(start + 24);
    // A sparse index folds a folder into one entry (mode 040000): its files are not listed here.
    if ((mode & 0o170000) === 0o040000) return undefined;
    const flags = view.getUint16(flagsAt);
    at = flagsAt + 2;
    if (flags & EXTENDED_FLAG) {
      if (version < 3) return undefined;
      at += 2;
    }
    let name: Uint8Array;
    if (version === 4) {
      // The number of bytes to drop from the previous path (a varint with git's offset encoding), then the rest.
      let strip = 0;
      for (let byte = 0x80, first = true; byte & 0x80; first = false) {
        if (at >= bytes.length) return undefined;
        byte = bytes[at++]!;
        strip = first ? byte & 0x7f : ((strip + 1) << 7) | (byte & 0x7f);
      }
      const end = bytes.indexOf(0, at);
      if (end < 0 || strip > previous.length) return undefined;
      name = new Uint8Array([...previous.subarray(0, previous.length - strip), ...bytes.subarray(at, end)]);
      at = end + 1;
    } else {
      const end = bytes.indexOf(0, at);
      if (end < 0) return undefined;
      name = bytes.subarray(at, end);
      // Padded with 1 to 8 NULs to a multiple of 8 bytes from the entry's start.
      at = start + Math.ceil((end + 1 - start) / 8) * 8;
      if (at > bytes.length) return undefined;
    }
    const length = flags & NAME_LENGTH_MASK;
    if (length !== NAME_LENGTH_MASK && length !== name.length) return undefined;
    const field = (offset: number) => view.getUint32(start + offset);
    const stat: StatData = {
      ctimeSec: field(0),
      ctimeNsec: field(4),
      mtimeSec: field(8),
      mtimeNsec: field(12),
      dev: field(16),
      ino: field(20),
      mode,
      uid: field(28),
      gid: field(32),
      size: field(36),
    };
    entries.push({ path: decoder.decode(name), link: (mode & 0o170000) === 0o120000, stat });
    previous = name;
  }
  // Extensions up to the trailing hash: a split index keeps its entries in another file.
  while (at + 8 <= bytes.length - hashSize) {
    const signature = String.fromCharCode(...bytes.subarray(at, at + 4));
    if (signature === "link" || signature === "sdir") return undefined;
    at += 8 + view.getUint32(at + 4);
  }
  return at === bytes.length - hashSize ? entries : undefined;
}
