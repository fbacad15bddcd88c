/**
 * The common-password check of every new password (register, change, reset). The list is
 * zxcvbn-ts's common passwords (`@zxcvbn-ts/language-common`, MIT: about 49,000 passwords ranked
 * by how often they appear in leaked password sets), compared lower-cased. It is imported
 * dynamically on the first check, so the web app fetches it as a chunk of its own only where a
 * password is chosen (the forms also start that fetch when they open: `loadCommonPasswords`),
 * never with the first page.
 */
let commonPasswords: Promise<ReadonlySet<string>> | undefined;

/**
 * Starts loading the list, once; a form calls it when it opens, so the check is ready. A failed
 * load (the web app offline) is tried again at the next check.
 */
export function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
    (error: unknown) => {
      commonPasswords = undefined;
      throw error;
    },
  );
  return commonPasswords;
}

/** Whether the password is on the list, whatever its letters' case. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.toLowerCase());
}
