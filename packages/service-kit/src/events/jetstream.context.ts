import { BaseRpcContext } from '@nestjs/microservices';
import type { JsMsg } from 'nats';

/** What an `@EventPattern` handler can ask about the delivery: `@Ctx() context: JetStreamContext`. */
export class JetStreamContext extends BaseRpcContext<[JsMsg, string]> {
  getMessage(): JsMsg {
    return this.args[0];
  }

  /** The durable consumer delivering the event. */
  getConsumer(): string {
    return this.args[1];
  }

  getSubject(): string {
    return this.args[0].subject;
  }

  /** 1 on the first delivery, then 2, 3… */
  getDeliveryCount(): number {
    return this.args[0].info.redeliveryCount;
  }
}
