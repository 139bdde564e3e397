/**
 * What the HTTP client keeps between reads (docs/architecture.md), apart from the client so that signing out
 * forgets it without loading the client.
 */
export function isOkStatus(status) {
  return status >= 200 && status < 400 && status !== 302;
}

/*
 * Conditional GET (docs/architecture.md): module/view and module/list send an ETag and answer 304 while nothing
 * they show has changed. We keep the last tag and body per URL, in memory and for one signed-in user (the token
 * they were read with), send If-None-Match, and hand a 304 on as a 200 with the kept body.
 */
export const KEPT_READS_MAX = 200;
const kept = new Map(); // url -> {etag, data}, oldest use first
let keptFor = null;

/** Forget every kept body (sign-out, session expired). */
export function forgetKeptReads() {
  kept.clear();
  keptFor = null;
}

/** The kept bodies of `token`'s user: another session starts empty. */
export function keptOf(token) {
  if (token !== keptFor) {
    kept.clear();
    keptFor = token;
  }
  return kept;
}

