import { createServer, connect, type Server, type Socket } from 'node:net';
import { freePort } from '@mcat/runner/infra';

/**
 * A TCP relay on loopback to a server's port that can go silent, as a server whose host vanished
 * (a node lost, a network cut) looks to its clients: silenced, it keeps every connection open and
 * accepts new ones, but passes nothing either way and reads nothing more; no connection is reset.
 */
export class SilenceableRelay {
  private silent = false;
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;

  private constructor(
    target: number,
    readonly port: number,
  ) {
    this.server = createServer((client) => {
      this.track(client);
      // A lost host answers no new connection either: hold it, connect it nowhere.
      if (this.silent) return void client.pause();
      const upstream = this.track(connect(target, '127.0.0.1'));
      for (const socket of [client, upstream]) {
        socket.on('close', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.on('data', (chunk: Buffer) => {
        if (!this.silent) upstream.write(chunk);
      });
      upstream.on('data', (chunk: Buffer) => {
        if (!this.silent) client.write(chunk);
      });
    });
  }

  /** A relay on `port` (a free one by default) to `target` on 127.0.0.1. */
  static async start(target: number, port?: number): Promise<SilenceableRelay> {
    const relay = new SilenceableRelay(target, port ?? (await freePort()));
    await new Promise<void>((resolve) => relay.server.listen(relay.port, '127.0.0.1', resolve));
    return relay;
  }

  /** From now on nothing passes; the connections stay open. */
  silence(): void {
    this.silent = true;
    for (const socket of this.sockets) socket.pause();
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private track(socket: Socket): Socket {
    this.sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => this.sockets.delete(socket));
    return socket;
  }
}
