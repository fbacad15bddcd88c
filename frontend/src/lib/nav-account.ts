/**
 * What the navigation bar shows of a signed-in student's account: the plan ("Upgrade to
 * Premium" or the crown) and the Billing link for billing staff. The web app stores it beside the
 * token (lib/browser-storage.ts) as the words of NAV_ACCOUNT_MARKS, and the dashboard's
 * prerendered shell marks each item that depends on it with SHELL_NAV_ATTRIBUTE, so that
 * index.html's second inline script keeps the stored account's items before the first paint.
 */
import { NAV_ACCOUNT_MARKS, type User } from '@mcat/contracts';

export interface NavAccount {
  isPremium: boolean;
  isBillingStaff: boolean;
}

export const FREE_STUDENT: NavAccount = { isPremium: false, isBillingStaff: false };

/** What the navigation bar shows of the user's account. */
export const navAccountOfUser = (user: User): NavAccount => ({
  isPremium: user.isPremium,
  isBillingStaff: user.roles.includes('billing'),
});

/** The attribute of an account-dependent item in the shell: the mark the account must have. */
export const SHELL_NAV_ATTRIBUTE = 'data-shell-nav';

/** The account as the words index.html's second inline script reads ("premium billing"). */
export const navAccountMarks = ({ isPremium, isBillingStaff }: NavAccount): string =>
  [
    isPremium ? NAV_ACCOUNT_MARKS.premium : NAV_ACCOUNT_MARKS.free,
    ...(isBillingStaff ? [NAV_ACCOUNT_MARKS.billing] : []),
  ].join(' ');

/** The account the stored words describe. */
export const navAccountOf = (marks: string): NavAccount => {
  const words = marks.split(' ');
  return {
    isPremium: words.includes(NAV_ACCOUNT_MARKS.premium),
    isBillingStaff: words.includes(NAV_ACCOUNT_MARKS.billing),
  };
};
