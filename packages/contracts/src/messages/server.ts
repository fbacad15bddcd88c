/**
 * What the gateway and every service answer when the fault is not in a form's fields: a body or
 * path the server cannot take, a service that cannot be reached, too many requests, a fault of
 * ours. The web app shows each as it is.
 */
export const SERVER_MESSAGES = {
  /** 500: a fault of ours; its details stay in the log. */
  internalError: 'Something went wrong on our side. Please try again in a moment.',
  /** 400: input the database refused (a bad id, a value of the wrong type). */
  invalidRequest: 'Invalid request',
  /** 409: a unique index already holds the key. */
  recordExists: 'This record already exists',
  /** 400: a JSON body that does not parse. */
  invalidJson: 'The request body is not valid JSON',
  /** 503: the questions service could not read a test from the tests service. */
  testsUnavailable: 'Tests are unavailable right now. Please try again.',
} as const;

/** 504: the service behind the gateway did not start its answer in time. */
export const serviceTooSlow = (service: string): string =>
  `The ${service} service took too long to answer. Please try again.`;

/** 502: the service behind the gateway could not be reached. */
export const serviceUnavailable = (service: string): string =>
  `The ${service} service is unavailable. Please try again shortly.`;

/** 429 of the gateway's request limits: says when to try again, in seconds. */
export const tooManyRequests = (retryAfterSeconds: number): string =>
  `Too many requests. Please try again in ${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'second' : 'seconds'}.`;
