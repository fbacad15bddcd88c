// Every back-end workspace is a jest project; `npx jest` at the root runs them all.
module.exports = {
  // A global option: jest ignores it inside a project's config.
  testTimeout: 30000,
  projects: [
    '<rootDir>/packages/contracts',
    '<rootDir>/packages/service-kit',
    '<rootDir>/packages/runner',
    '<rootDir>/packages/cluster',
    '<rootDir>/packages/backup',
    '<rootDir>/gateway',
    '<rootDir>/services/auth',
    '<rootDir>/services/tests',
    '<rootDir>/services/questions',
    '<rootDir>/services/billing',
    '<rootDir>/services/mailer',
    '<rootDir>/helm',
    '<rootDir>/scripts',
  ],
};
