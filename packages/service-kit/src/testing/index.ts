export * from './test-token-issuer';
