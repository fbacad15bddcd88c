export * from './test-token-issuer';
export * from './auth-internal-stub';
export * from './migration-check';
export * from './session-versions-synced';
export * from './premium-events';
