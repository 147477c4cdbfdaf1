/**
 * An image a person pasted into a message, as the view sends it (base64): what kind of image it is, read from its
 * first bytes, never from what the view or the clipboard claims, and whether it may go to an agent. Only the formats
 * every image-taking model reads (PNG, JPEG, GIF, WebP), and only strict base64: the agent gets the string as it
 * came, so nothing but what was checked can go.
 */
import { LIMITS } from "../shared/limits";

export type ImageType = (typeof LIMITS.intent.imageTypes)[number];

export interface CheckedImage {
  readonly mimeType: ImageType;
  /** Decoded size. */
  readonly bytes: number;
}

/** The base64 length of the largest image taken (4 characters per 3 bytes, padded). */
export const MAX_IMAGE_BASE64_CHARS = Math.ceil(LIMITS.intent.imageBytes / 3) * 4;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The image's type and size, or why it is not taken. */
export function checkImage(base64: string): CheckedImage | { refused: string } {
  if (base64.length === 0 || base64.length % 4 !== 0 || !BASE64.test(base64))
    return { refused: "not base64" };
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  const bytes = (base64.length / 4) * 3 - padding;
  if (bytes > LIMITS.intent.imageBytes) return { refused: "too large" };
  const mimeType = imageType(Buffer.from(base64.slice(0, 24), "base64"));
  if (!mimeType) return { refused: "not a PNG, JPEG, GIF or WebP image" };
  return { mimeType, bytes };
}

/** The format its signature says, if one of those taken. */
export function imageType(head: Uint8Array): ImageType | undefined {
  const starts = (signature: readonly number[], at = 0) =>
    signature.every((byte, i) => head[at + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x47, 0x49, 0x46, 0x38]) && (head[4] === 0x37 || head[4] === 0x39) && head[5] === 0x61)
    return "image/gif";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return undefined;
}

/** "84 KB", "1.2 MB": the chip's size. */
export function imageSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
