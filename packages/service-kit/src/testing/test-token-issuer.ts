import { createHmac, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Role } from '@mcat/contracts';
import { JWT_ALGORITHM } from '../auth/token';

/** What a test token says: the user id, roles (default student) and session version (default 0). */
export interface TestClaims {
  sub: string;
  roles?: Role[];
  sv?: number;
}

const base64url = (value: string | Buffer): string => Buffer.from(value).toString('base64url');

/** A fresh 24-hex-digit id, shaped like the user ids the auth service issues. */
export const randomObjectId = (): string => randomBytes(12).toString('hex');

/**
 * Issues tokens the way the auth service does (RS256, `kid` in the header, claims {sub, roles, sv})
 * and publishes its public key as a JWKS on a local HTTP server on a free port, so a service's
 * tests can authenticate without the auth service. It also makes the tokens a guard must refuse.
 */
export class TestTokenIssuer {
  readonly kid = `test-${randomBytes(4).toString('hex')}`;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private readonly strangerKey: KeyObject;

  private constructor(
    private readonly server: Server,
    keys: { privateKey: KeyObject; publicKey: KeyObject; strangerKey: KeyObject },
  ) {
    this.privateKey = keys.privateKey;
    this.publicKey = keys.publicKey;
    this.strangerKey = keys.strangerKey;
  }

  /** Generates the key pair and starts the JWKS server on 127.0.0.1. */
  static async start(): Promise<TestTokenIssuer> {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const strangerKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const server = createServer();
    const issuer = new TestTokenIssuer(server, { privateKey, publicKey, strangerKey });
    server.on('request', (request, response) => {
      if (request.url === '/.well-known/jwks.json') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(issuer.jwks()));
        return;
      }
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return issuer;
  }

  /** The JWKS_URL a service under test is given. */
  get jwksUrl(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/.well-known/jwks.json`;
  }

  jwks(): { keys: object[] } {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return { keys: [{ ...jwk, kid: this.kid, alg: JWT_ALGORITHM, use: 'sig' }] };
  }

  /** A valid token, expiring in an hour unless told otherwise. */
  sign(claims: TestClaims, expiresInSeconds = 3600): string {
    const now = Math.floor(Date.now() / 1000);
    return this.rs256(this.privateKey, this.payload(claims, now, now + expiresInSeconds));
  }

  /** `Authorization` header value for a valid token. */
  bearer(claims: TestClaims): string {
    return `Bearer ${this.sign(claims)}`;
  }

  /** Correctly signed but expired a minute ago. */
  expired(claims: TestClaims): string {
    const now = Math.floor(Date.now() / 1000);
    return this.rs256(this.privateKey, this.payload(claims, now - 3600, now - 60));
  }

  /** Correctly signed but without an `exp` claim: it would never expire. */
  withoutExpiry(claims: TestClaims): string {
    const { exp: _exp, ...payload } = this.payloadNow(claims);
    return this.rs256(this.privateKey, payload);
  }

  /** A valid token whose payload was then changed (roles raised to billing): the signature fails. */
  tampered(claims: TestClaims): string {
    const [header, , signature] = this.sign(claims).split('.');
    const forged = { ...this.payloadNow(claims), roles: ['student', 'billing'] };
    return `${header}.${base64url(JSON.stringify(forged))}.${signature}`;
  }

  /** Unsigned (`alg: none`). */
  none(claims: TestClaims): string {
    const header = base64url(JSON.stringify({ alg: 'none', typ: 'JWT', kid: this.kid }));
    return `${header}.${base64url(JSON.stringify(this.payloadNow(claims)))}.`;
  }

  /** HS256 with the public key's PEM as the shared secret (the algorithm-confusion attack). */
  hs256WithPublicKey(claims: TestClaims): string {
    const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: this.kid }));
    const body = base64url(JSON.stringify(this.payloadNow(claims)));
    const secret = this.publicKey.export({ type: 'spki', format: 'pem' });
    const signature = createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url');
    return `${header}.${body}.${signature}`;
  }

  /** RS256 with this issuer's key id but signed by a different private key. */
  foreignKey(claims: TestClaims): string {
    return this.rs256(this.strangerKey, this.payloadNow(claims));
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private payloadNow(claims: TestClaims): Record<string, unknown> {
    const now = Math.floor(Date.now() / 1000);
    return this.payload(claims, now, now + 3600);
  }

  private payload(claims: TestClaims, iat: number, exp: number): Record<string, unknown> {
    return { sub: claims.sub, roles: claims.roles ?? ['student'], sv: claims.sv ?? 0, iat, exp };
  }

  private rs256(key: KeyObject, payload: Record<string, unknown>): string {
    const header = base64url(JSON.stringify({ alg: JWT_ALGORITHM, typ: 'JWT', kid: this.kid }));
    const body = base64url(JSON.stringify(payload));
    const signature = sign('sha256', Buffer.from(`${header}.${body}`), key).toString('base64url');
    return `${header}.${body}.${signature}`;
  }
}
