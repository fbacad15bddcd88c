/**
 * The forms where a password is chosen (register, reset, change) check it against the
 * common-password list of the contracts, a chunk of its own: each starts fetching it when it
 * opens, so the check is ready by the time the form is submitted, and no other page loads it.
 */
import { useEffect } from 'react';
import { loadCommonPasswords } from '@mcat/contracts';

export function useCommonPasswordCheck(): void {
  useEffect(() => {
    // A failed fetch is tried again when the form is checked.
    loadCommonPasswords().catch(() => undefined);
  }, []);
}
