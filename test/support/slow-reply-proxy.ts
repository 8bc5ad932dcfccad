import net from 'node:net';

export interface SlowReplyProxy {
  port: number;
  /** Client connections not yet closed: conversations still going on. */
  openConnections(): number;
  close(): Promise<void>;
}

/**
 * A TCP proxy that passes what the client sends at once and holds everything the server answers
 * for `delayMs`: in front of an SMTP server, a server that answers each command late.
 */
export async function startSlowReplyProxy(targetPort: number, delayMs: number): Promise<SlowReplyProxy> {
  const sockets = new Set<net.Socket>();
  const clients = new Set<net.Socket>();
  const server = net.createServer((client) => {
    clients.add(client);
    client.on('close', () => clients.delete(client));
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    // Timers of equal delay fire in the order they were set, so the answers keep their order.
    upstream.on('data', (chunk) => setTimeout(() => client.writable && client.write(chunk), delayMs));
    upstream.on('end', () => setTimeout(() => client.end(), delayMs));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    openConnections: () => clients.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
