/**
 * NATS, Redis and FerretDB as a managed provider serves them: TLS with a certificate of a private
 * CA on every one, and NATS in operator mode, taking only a credentials file of its account. Each
 * on free loopback ports with its own folder, for the tests of what a service needs to reach them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ferretdbSpec, freePort, startProcess, type RunningProcess } from '@mcat/runner/infra';
import { natsOperatorSetup } from '@mcat/runner/secured-dependencies/nats-operator';
import { makeServerCertificate } from '@mcat/runner/secured-dependencies/tls-certificates';

export interface SecuredDependencies {
  /** The private CA's certificate: what a client is given as its CA bundle. */
  caFile: string;
  /** tls://127.0.0.1:<port>: TLS required, credentials required. */
  natsUrl: string;
  /** The product's user's credentials file. */
  natsCredsFile: string;
  /** A credentials file of a user no account of the server knows. */
  strangerCredsFile: string;
  /** rediss://127.0.0.1:<port>: TLS only. */
  redisUrl: string;
  /** mongodb://127.0.0.1:<port>/?tls=true: FerretDB's TLS listener. */
  mongoUrl: string;
  dispose(): Promise<void>;
}

export async function securedDependencies(): Promise<SecuredDependencies> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-secured-'));
  const running: RunningProcess[] = [];
  const dispose = async () => {
    await Promise.all(running.map((server) => server.stop()));
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const tls = makeServerCertificate(path.join(dir, 'tls'), ['localhost', '127.0.0.1']);
    const operator = await natsOperatorSetup();
    const natsCredsFile = path.join(dir, 'mcat.creds');
    const strangerCredsFile = path.join(dir, 'stranger.creds');
    fs.writeFileSync(natsCredsFile, operator.userCreds, { mode: 0o600 });
    fs.writeFileSync(strangerCredsFile, operator.strangerCreds, { mode: 0o600 });

    const natsPort = await freePort();
    const natsConfig = path.join(dir, 'nats.conf');
    fs.writeFileSync(
      natsConfig,
      [
        operator.authorization,
        `listen: 127.0.0.1:${natsPort}`,
        `jetstream { store_dir: "${path.join(dir, 'nats')}" }`,
        `tls { cert_file: "${tls.certFile}", key_file: "${tls.keyFile}" }`,
      ].join('\n'),
    );
    running.push(
      await startProcess(
        { name: 'nats', command: 'nats-server', args: ['-c', natsConfig], port: natsPort },
        dir,
      ),
    );

    const redisPort = await freePort();
    running.push(
      await startProcess(
        {
          name: 'redis',
          command: 'redis-server',
          args: [
            ...['--bind', '127.0.0.1', '--port', '0', '--tls-port', String(redisPort)],
            ...['--tls-cert-file', tls.certFile, '--tls-key-file', tls.keyFile],
            ...['--tls-ca-cert-file', tls.caFile, '--tls-auth-clients', 'no'],
            ...['--dir', dir, '--save', '', '--appendonly', 'no'],
          ],
          port: redisPort,
        },
        dir,
      ),
    );

    const mongoPort = await freePort();
    const ferretdb = ferretdbSpec({ mongo: await freePort(), dataDir: dir });
    running.push(
      await startProcess(
        {
          ...ferretdb,
          args: [
            ...ferretdb.args,
            `--listen-tls=127.0.0.1:${mongoPort}`,
            `--listen-tls-cert-file=${tls.certFile}`,
            `--listen-tls-key-file=${tls.keyFile}`,
          ],
          port: mongoPort,
        },
        dir,
      ),
    );

    return {
      caFile: tls.caFile,
      natsUrl: `tls://127.0.0.1:${natsPort}`,
      natsCredsFile,
      strangerCredsFile,
      redisUrl: `rediss://127.0.0.1:${redisPort}`,
      mongoUrl: `mongodb://127.0.0.1:${mongoPort}/?tls=true`,
      dispose,
    };
  } catch (error) {
    await dispose();
    throw error;
  }
}
