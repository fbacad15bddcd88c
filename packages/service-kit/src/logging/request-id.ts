/** The header carrying a request's id from the gateway to every service it reaches. */
export const REQUEST_ID_HEADER = 'x-request-id';
