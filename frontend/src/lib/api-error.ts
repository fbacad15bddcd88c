/** The message to show for a failed call: the server's `message`, else the given fallback. */
interface WithMessage {
  data: { message: unknown };
}

const hasMessage = (error: unknown): error is WithMessage =>
  typeof error === 'object' &&
  error !== null &&
  'data' in error &&
  typeof (error as { data: unknown }).data === 'object' &&
  (error as { data: unknown }).data !== null &&
  'message' in (error as { data: object }).data;

export const apiErrorMessage = (error: unknown, fallback: string): string => {
  if (!hasMessage(error)) return fallback;
  const { message } = error.data;
  if (typeof message === 'string' && message.trim() !== '') return message;
  if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
  return fallback;
};

/** Whether a failed call was answered 404 (the thing is missing, or another user's). */
export const isNotFound = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;
