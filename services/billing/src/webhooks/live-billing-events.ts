import { Inject, Injectable, Logger } from '@nestjs/common';
import type { BillingEventRecord } from '@mcat/contracts';
import { NATS_CONNECTION } from '@mcat/service-kit';
import type { NatsConnection } from 'nats';
import { Observable } from 'rxjs';

/**
 * Core NATS subject (outside every JetStream stream) on which each replica announces the events it
 * recorded, so a staff member's live stream shows events whichever replica received them. Best
 * effort: a client that reconnects reloads the list (docs/adr/0010-billing.md).
 */
export const LIVE_BILLING_EVENTS_SUBJECT = 'live.billing.events';

@Injectable()
export class LiveBillingEvents {
  private readonly logger = new Logger(LiveBillingEvents.name);

  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  announce(event: BillingEventRecord): void {
    try {
      this.nc.publish(LIVE_BILLING_EVENTS_SUBJECT, JSON.stringify(event));
    } catch (error) {
      this.logger.warn(`Live event not announced: ${(error as Error).message}`);
    }
  }

  /** Events recorded from now on, by any replica, until unsubscribed. */
  recorded(): Observable<BillingEventRecord> {
    return new Observable<BillingEventRecord>((subscriber) => {
      const subscription = this.nc.subscribe(LIVE_BILLING_EVENTS_SUBJECT);
      void (async () => {
        for await (const message of subscription) {
          subscriber.next(message.json<BillingEventRecord>());
        }
        subscriber.complete();
      })();
      return () => subscription.unsubscribe();
    });
  }
}
