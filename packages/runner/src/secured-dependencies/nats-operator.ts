/**
 * NATS with decentralized authentication, as a managed NATS (Synadia Cloud, an `nsc`-run server)
 * has it: an operator, a system account and the product's account with JetStream, each a signed
 * JWT the server preloads, and a user of that account whose credentials file (its JWT and seed,
 * as `nsc generate creds` writes it) is what the services are given as NATS_CREDS_FILE.
 */
import {
  createAccount,
  createOperator,
  createUser,
  encodeAccount,
  encodeOperator,
  encodeUser,
  fmtCreds,
} from '@nats-io/jwt';

export interface NatsOperatorSetup {
  /**
   * The server's configuration lines for the operator mode: `operator`, `system_account` and a
   * memory resolver preloaded with both accounts. The caller adds listen, JetStream and TLS lines.
   */
  authorization: string;
  /** The product's user's credentials file. */
  userCreds: Uint8Array;
  /** A user of the same account, signed by another operator's account: the server refuses it. */
  strangerCreds: Uint8Array;
}

/** A fresh operator, its accounts and a user; every key is new each call. */
export async function natsOperatorSetup(): Promise<NatsOperatorSetup> {
  const operator = createOperator();
  const system = createAccount();
  const product = createAccount();
  const user = createUser();
  const operatorJwt = await encodeOperator('mcat-test', operator, {
    system_account: system.getPublicKey(),
  });
  const systemJwt = await encodeAccount('SYS', system, {}, { signer: operator });
  const productJwt = await encodeAccount(
    'MCAT',
    product,
    {
      // Every limit the server reads; one left out counts as 0 (no connection, no subscription).
      limits: {
        data: -1,
        payload: -1,
        subs: -1,
        imports: -1,
        exports: -1,
        wildcards: true,
        conn: -1,
        leaf: -1,
        mem_storage: -1,
        disk_storage: -1,
        streams: -1,
        consumer: -1,
        max_ack_pending: -1,
        mem_max_stream_bytes: -1,
        disk_max_stream_bytes: -1,
        max_bytes_required: false,
      },
    },
    { signer: operator },
  );
  const userJwt = await encodeUser('mcat-services', user, product);
  const strangerAccount = createAccount();
  const stranger = createUser();
  const strangerJwt = await encodeUser('stranger', stranger, strangerAccount);
  return {
    authorization: [
      `operator: ${operatorJwt}`,
      `system_account: ${system.getPublicKey()}`,
      'resolver: MEMORY',
      'resolver_preload: {',
      `  ${system.getPublicKey()}: ${systemJwt}`,
      `  ${product.getPublicKey()}: ${productJwt}`,
      '}',
    ].join('\n'),
    userCreds: fmtCreds(userJwt, user),
    strangerCreds: fmtCreds(strangerJwt, stranger),
  };
}
