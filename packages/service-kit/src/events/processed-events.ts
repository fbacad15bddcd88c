import type { Connection } from 'mongoose';
import { isDuplicateKeyError } from '../infra/duplicate-key';

interface ProcessedEvent {
  _id: string;
  processedAt: Date;
}

/**
 * The ids of the events each consumer has handled, in the service's own database
 * (`processed_events`, `_id` = `<consumer>:<eventId>`), so an exact duplicate delivery is dropped.
 */
export class ProcessedEventStore {
  constructor(private readonly connection: Connection) {}

  private get collection() {
    return this.connection.collection<ProcessedEvent>('processed_events');
  }

  async has(consumer: string, eventId: string): Promise<boolean> {
    const found = await this.collection.findOne(
      { _id: `${consumer}:${eventId}` },
      { projection: { _id: 1 } },
    );
    return found !== null;
  }

  async record(consumer: string, eventId: string): Promise<void> {
    try {
      await this.collection.insertOne({ _id: `${consumer}:${eventId}`, processedAt: new Date() });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }
}
