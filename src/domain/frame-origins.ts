// Which addresses a site may show in a frame, decided the same way by the server (refusing a frame unit) and
// the browser (showing one): by origin, against the configuration's frame_allowlist.

/** scheme://host[:port] of an http(s) address, lower case, default port dropped; null otherwise. */
export function originOf(address: string): string | null {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** Whether an address may be framed on this site: its origin is on the configuration's allow-list. */
export function frameAllowed(url: string, allowlist: readonly string[] | undefined): boolean {
  const origin = originOf(url);
  return Boolean(origin) && (allowlist ?? []).some((entry) => originOf(entry) === origin);
}
