import type { EventEnvelope } from '@mcat/contracts';
import { connect, type JetStreamManager, type NatsConnection } from 'nats';
import { encodeEnvelope, ensureEventStreams } from '../../src';

/** A plain NATS client for a test: publishes raw messages and reads streams and consumers. */
export interface NatsTestClient {
  nc: NatsConnection;
  jsm: JetStreamManager;
  /** Publishes the envelope with a chosen JetStream message id (the envelope id by default); resolves to its stream sequence. */
  publish(envelope: EventEnvelope, msgID?: string): Promise<number>;
  /** True once every message of the consumer has been delivered and acknowledged. */
  consumerIdle(stream: string, consumer: string): Promise<boolean>;
  close(): Promise<void>;
}

export async function natsTestClient(url: string): Promise<NatsTestClient> {
  const nc = await connect({ servers: url, maxReconnectAttempts: -1, reconnectTimeWait: 200 });
  const jsm = await nc.jetstreamManager();
  await ensureEventStreams(jsm);
  const js = nc.jetstream();
  return {
    nc,
    jsm,
    publish: async (envelope, msgID = envelope.id) => {
      const ack = await js.publish(envelope.subject, encodeEnvelope(envelope), { msgID });
      return ack.seq;
    },
    consumerIdle: async (stream, consumer) => {
      const info = await jsm.consumers.info(stream, consumer);
      return info.num_pending === 0 && info.num_ack_pending === 0;
    },
    close: () => nc.close(),
  };
}
