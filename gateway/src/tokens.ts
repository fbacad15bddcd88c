/** Injection tokens of the gateway's module. */
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
export const UPSTREAMS = Symbol('UPSTREAMS');
