/** Injection tokens of the sessions module. */
export const SIGNING_KEYS = Symbol('SIGNING_KEYS');
export const TOKEN_LIFETIME_SECONDS = Symbol('TOKEN_LIFETIME_SECONDS');
/** How often the Redis copy of the session versions is checked (ms). */
export const SESSION_VERSION_WATCH_MS = Symbol('SESSION_VERSION_WATCH_MS');
