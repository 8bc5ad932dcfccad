import net from 'node:net';

export interface FreezableTcpProxy {
  port: number;
  /** Stop forwarding bytes either way, closing nothing: to both ends the other just stops answering. */
  freeze(): void;
  /** Forward again, what was held back first. */
  resume(): void;
  close(): Promise<void>;
}

interface Link {
  downstream: net.Socket;
  upstream: net.Socket;
}

/**
 * A TCP forwarder to `target` that can be frozen: the stalled network (or hung server) that a
 * refused connection does not simulate. Connections accepted while frozen are held until resume.
 */
export async function startFreezableTcpProxy(target: { host: string; port: number }): Promise<FreezableTcpProxy> {
  const links = new Set<Link>();
  let frozen = false;

  const forward = ({ downstream, upstream }: Link) => {
    downstream.pipe(upstream);
    upstream.pipe(downstream);
  };
  const hold = ({ downstream, upstream }: Link) => {
    downstream.unpipe(upstream);
    upstream.unpipe(downstream);
    downstream.pause();
    upstream.pause();
  };

  const server = net.createServer((downstream) => {
    const link = { downstream, upstream: net.connect(target.port, target.host) };
    links.add(link);
    const closeBoth = () => {
      link.downstream.destroy();
      link.upstream.destroy();
      links.delete(link);
    };
    for (const socket of [link.downstream, link.upstream]) socket.on('error', closeBoth).on('close', closeBoth);
    if (frozen) hold(link);
    else forward(link);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    port: (server.address() as net.AddressInfo).port,
    freeze: () => {
      frozen = true;
      for (const link of links) hold(link);
    },
    resume: () => {
      frozen = false;
      for (const link of links) forward(link);
    },
    close: async () => {
      for (const link of links) {
        link.downstream.destroy();
        link.upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
