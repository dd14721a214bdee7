// Rules of support requests that the server and the pages share (docs/decisions.md, "support").

/** How many days a request sent by mail waits for its confirmation (the link in its first mail) before it is deleted. */
export const SUPPORT_PENDING_DAYS = 7;
