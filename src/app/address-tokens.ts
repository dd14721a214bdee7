// A clinical page opened by the clinical host with the session in its address (`?token=…&refresh=…`, spec
// section 8): the tokens are read once at boot and taken out of the address, so that they stay neither in the
// history nor in a bookmark, nor go to another site in a Referer.
const PARAMS = ['token', 'refresh'] as const;

type Place = Pick<Location, 'pathname' | 'search' | 'hash'>;

/** The path, query and hash of a place without the address tokens. */
export function withoutAddressTokens(place: Place): string {
  const query = new URLSearchParams(place.search);
  for (const p of PARAMS) query.delete(p);
  const search = query.toString();
  return `${place.pathname}${search ? `?${search}` : ''}${place.hash}`;
}

/** The tokens a page was opened with (both needed), or null. */
export function addressTokens(place: Place): { accessToken: string; refreshToken: string } | null {
  const query = new URLSearchParams(place.search);
  const accessToken = query.get('token');
  const refreshToken = query.get('refresh');
  return accessToken && refreshToken ? { accessToken, refreshToken } : null;
}
