/** An address as an http(s) URL, or undefined (unparsable, or any other scheme): the only links an agent's text opens. */
export function httpUrl(href: string): URL | undefined {
  try {
    const url = new URL(href);
    return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
}
