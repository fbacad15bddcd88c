/** Saves a file the API answered (as an object URL) under the given name, then frees the URL. */
export const saveDownload = (objectUrl: string, fileName: string): void => {
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
};

/** An RTK Query response handler: the body as an object URL, or the error body as JSON. */
export const objectUrlResponse = async (response: Response): Promise<unknown> => {
  if (!response.ok) return response.json().catch(() => null);
  return URL.createObjectURL(await response.blob());
};
