/**
 * The mails a cluster's Mailpit (k8s/mailpit.yaml) caught, read through Mailpit's HTTP API
 * (/api/v1/messages, /api/v1/message/{ID}) on the host's loopback: a relay (forward.ts) to the
 * mailpit Service's ClusterIP, port 8025, as the gateway's is reached.
 */
import { freePort } from '@mcat/runner/infra';
import type { Cluster } from '../src/cluster';
import { isAlive, readDaemon, waitFor } from '../src/daemons';
import { readRelayPort, relayDaemons, startRelay } from '../src/forward';

const RELAY = 'mailpit';

export interface MailpitAddress {
  Name: string;
  Address: string;
}

/** A message as /api/v1/messages lists it. */
export interface MailpitSummary {
  ID: string;
  From: MailpitAddress;
  To: MailpitAddress[];
  Subject: string;
  Created: string;
}

/** A message as /api/v1/message/{ID} gives it: its parts decoded. */
export interface MailpitMessage extends MailpitSummary {
  Text: string;
  HTML: string;
}

/** Mailpit's API on a free 127.0.0.1 port (a relay kept if it already runs); its base URL. */
export async function forwardMailpit(cluster: Cluster, namespace: string): Promise<string> {
  const running = relayDaemons(RELAY).every((name) => {
    const record = readDaemon(cluster.layout, name);
    return record !== null && isAlive(record);
  });
  let port = readRelayPort(cluster.layout, RELAY);
  if (!running || port === null) {
    const result = cluster.kubectl([
      ...['get', 'service', 'mailpit', '-n', namespace, '-o'],
      'jsonpath={.spec.clusterIP}:{.spec.ports[?(@.name=="http")].port}',
    ]);
    if (result.status !== 0) throw new Error(`No mailpit Service: ${result.stderr.trim()}`);
    port = await freePort();
    await startRelay(cluster.layout, RELAY, result.stdout.trim(), port);
  }
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    "Mailpit's API through its relay",
    async () => {
      try {
        return (await fetch(`${url}/readyz`)).ok;
      } catch {
        return false;
      }
    },
    60_000,
  );
  return url;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Every caught message to `address`, newest first, with its text and HTML parts. */
export async function mailsTo(mailpitUrl: string, address: string): Promise<MailpitMessage[]> {
  const { messages } = await getJson<{ messages: MailpitSummary[] }>(
    `${mailpitUrl}/api/v1/messages?limit=1000`,
  );
  const wanted = address.toLowerCase();
  const ids = messages
    .filter((message) => message.To.some((to) => to.Address.toLowerCase() === wanted))
    .map((message) => message.ID);
  return Promise.all(
    ids.map((id) => getJson<MailpitMessage>(`${mailpitUrl}/api/v1/message/${id}`)),
  );
}
