/**
 * A TCP proxy for outage tests: the server under test connects to the database through it, and
 * the test can cut the line. `pause()` destroys every open connection and refuses new ones (the
 * way a restarting database looks to a client); `resume()` lets connections through again.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpProxy {
  readonly port: number;
  /** Connections currently piped (client side). */
  readonly open: number;
  /** Rewrites a connection URL to go through the proxy. */
  proxiedUrl(url: string): string;
  pause(): void;
  resume(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number } = { host: '127.0.0.1', port: 5432 }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let paused = false;

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A reset by the other side is expected here; without a listener it would throw.
    socket.on('error', () => socket.destroy());
  };

  const server = net.createServer((client) => {
    if (paused) {
      client.on('error', () => undefined);
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    port,
    get open() {
      return sockets.size / 2;
    },
    proxiedUrl(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    pause() {
      paused = true;
      for (const socket of sockets) socket.resetAndDestroy();
      sockets.clear();
    },
    resume() {
      paused = false;
    },
    close() {
      paused = true;
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
