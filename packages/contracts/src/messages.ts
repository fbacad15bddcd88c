/**
 * Every text a user or a client developer reads in an answer, written once, by area: the forms,
 * limits and errors the product fixes (product.ts), the auth and billing services' own answers,
 * the spreadsheet import's,
 * an Idempotency-Key's answers, and the server's own (server.ts). Services answer with them and the
 * web app shows or matches on them.
 */
export * from './messages/product';
export * from './messages/auth';
export * from './messages/billing';
export * from './messages/import';
export * from './messages/idempotency';
export * from './messages/server';
export * from './messages/insights';
export * from './messages/anki';
export * from './messages/account-data';
export * from './messages/reviews';
export * from './messages/projection';
export * from './messages/review-reminders';
