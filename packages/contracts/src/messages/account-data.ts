/** What the account-data routes (export, deletion) and their screens say. */
export const ACCOUNT_DATA_MESSAGES = {
  /** 400: the password given to delete the account is not the account's. */
  deletePasswordIncorrect: 'The password is incorrect. Your account was not deleted.',
  /** 503: a service holding part of the student's data did not answer; no partial file is sent. */
  exportUnavailable: (service: string) =>
    `Your ${service} data cannot be gathered right now, so no file was made. Please try again in a moment.`,
  /** 409: the profile kept changing while the deletion was written; nothing was deleted. */
  deleteConflict:
    'Your account changed while it was being deleted, so nothing was deleted. Please try again.',
  /** The answer of a completed deletion. */
  deleted: 'Your account has been deleted. Everything we kept about you is being erased.',
  /** The web app's notice on the page it lands on after the deletion. */
  deletedNotice:
    'Your account has been deleted. You can register again at any time with the same e-mail address.',
} as const;

/** The confirmation mail of a deleted account. */
export const ACCOUNT_DELETED_MAIL_TEXTS = {
  subject: (brand: string) => `Your ${brand} account was deleted`,
  deleted: (p: { brand: string; email: string; when: string }) =>
    `The ${p.brand} account of ${p.email} was deleted on ${p.when}, with its practice tests, missed questions and review schedules. Payment records the law requires us to keep are kept without your name or e-mail address.`,
  notYou: (supportEmail: string) =>
    `If you did not delete your account, write to ${supportEmail} right away.`,
} as const;

/** The profile page's "Your data" card and its deletion dialog. */
export const ACCOUNT_DATA_TEXTS = {
  title: 'Your data',
  exportIntro:
    'Download everything we hold about you (profile, tests, missed questions with their review schedules, payments) as one JSON file.',
  exportButton: 'Download my data',
  exportBusy: 'Preparing your file…',
  exportFailed: 'Your data could not be downloaded. Please try again.',
  deleteIntro:
    'Deleting your account erases your tests, questions and review schedules for good. It cannot be undone.',
  deleteButton: 'Delete account',
  dialogTitle: 'Delete your account?',
  dialogCounting: 'Counting what will be deleted…',
  willLose: 'This deletes for good:',
  tests: (n: number) => `your ${n} ${n === 1 ? 'practice test' : 'practice tests'}`,
  questions: (n: number) => `your ${n} ${n === 1 ? 'missed question' : 'missed questions'}`,
  schedules: 'their review schedules and your profile',
  premium:
    'Your premium purchase is not refunded. Its payment record is kept, as the law requires, without your name or e-mail.',
  passwordLabel: 'Password',
  passwordHelp: 'Enter your password to confirm.',
  cancel: 'Cancel',
  confirm: 'Delete my account',
  deleteFailed: 'Your account could not be deleted. Please try again.',
} as const;
