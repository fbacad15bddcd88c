import { createPublicKey, type JsonWebKey } from 'node:crypto';

interface Jwks {
  keys: (JsonWebKey & { kid?: string; alg?: string; use?: string })[];
}

/**
 * The auth service's public keys, read from its JWKS and kept in memory. An unknown key id makes
 * it read the JWKS again (key rotation), at most once per `refreshIntervalMs`.
 */
export class JwksKeyStore {
  private keys = new Map<string, string>();
  private lastFetch = 0;
  private inFlight: Promise<void> | null = null;

  constructor(
    private readonly jwksUrl: string,
    private readonly refreshIntervalMs = 30_000,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  /** The PEM public key for a key id, or undefined when the auth service does not publish it. */
  async publicKey(kid: string): Promise<string | undefined> {
    const known = this.keys.get(kid);
    if (known) return known;
    if (Date.now() - this.lastFetch >= this.refreshIntervalMs || this.keys.size === 0) {
      await this.refresh();
    }
    return this.keys.get(kid);
  }

  private refresh(): Promise<void> {
    this.inFlight ??= this.load().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async load(): Promise<void> {
    this.lastFetch = Date.now();
    const response = await this.fetchImpl(this.jwksUrl, { signal: AbortSignal.timeout(3000) });
    if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
    const jwks = (await response.json()) as Jwks;
    const keys = new Map<string, string>();
    for (const jwk of jwks.keys ?? []) {
      if (!jwk.kid || jwk.kty !== 'RSA') continue;
      const pem = createPublicKey({ key: jwk, format: 'jwk' }).export({
        type: 'spki',
        format: 'pem',
      });
      keys.set(jwk.kid, pem.toString());
    }
    this.keys = keys;
  }
}
