/** A service's refusal as the harnesses answer it: the status, and `{ statusCode, code, message }`. */
export const refusal = (statusCode: number, code: string, message: string) => ({
  status: statusCode,
  body: { statusCode, code, message },
});
