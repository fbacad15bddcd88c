export * from './test-token-issuer';
export * from './internal-api-token';
export * from './auth-internal-stub';
export * from './migration-check';
export * from './session-versions-synced';
export * from './premium-events';
