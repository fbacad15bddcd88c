/**
 * Server-sent events read from a fetch stream (EventSource cannot send the bearer token): text
 * arrives in arbitrary chunks; complete events are separated by a blank line.
 */
export interface ServerSentEvent {
  event: string;
  data: string;
  id: string | null;
}

export class ServerSentEventParser {
  private buffer = '';

  /** Feeds a chunk of text; answers the events it completed. */
  push(chunk: string): ServerSentEvent[] {
    this.buffer += chunk.replace(/\r\n?/g, '\n');
    const events: ServerSentEvent[] = [];
    let end = this.buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const parsed = parseBlock(block);
      if (parsed) events.push(parsed);
      end = this.buffer.indexOf('\n\n');
    }
    return events;
  }
}

function parseBlock(block: string): ServerSentEvent | null {
  let event = 'message';
  let id: string | null = null;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
  }
  if (data.length === 0) return null;
  return { event, data: data.join('\n'), id };
}
