import fs from 'node:fs';
import { credsAuthenticator, type ConnectionOptions } from 'nats';

/** The first line of a NATS credentials file, as `nsc generate creds` writes it. */
export const NATS_CREDS_MARKER = '-----BEGIN NATS USER JWT-----';

/**
 * Where a process connects to NATS, and with which credentials: NATS_URL and, when set,
 * NATS_CREDS_FILE (a user's JWT and seed). The file is read at every connect and reconnect, so a
 * rotated Secret is used without a restart. TLS needs nothing here: the client upgrades when the
 * server requires it and trusts the CA bundle of NODE_EXTRA_CA_CERTS (docs/operations.md).
 */
export type NatsServer = Pick<ConnectionOptions, 'servers' | 'authenticator'>;

export function natsServer(url: string, credsFile: string | undefined): NatsServer {
  return {
    servers: url,
    ...(credsFile ? { authenticator: credsAuthenticator(() => fs.readFileSync(credsFile)) } : {}),
  };
}

/** True when the file can be read and holds a NATS credentials file (the config check). */
export function isNatsCredsFile(file: string): boolean {
  try {
    return fs.readFileSync(file, 'utf8').includes(NATS_CREDS_MARKER);
  } catch {
    return false;
  }
}
