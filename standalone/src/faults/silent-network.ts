import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL whose network can go silent, as in a failover whose old
 * address stops answering or a partition: packets are dropped, nothing is refused or reset, so
 * only timeouts tell. Restoring it resets what was frozen, as the server would have by then.
 */
export class SilentNetwork {
  private silent = false;
  private readonly sockets = new Set<net.Socket>();
  private readonly pairs = new Set<[net.Socket, net.Socket]>();
  private constructor(private readonly server: net.Server) {}

  get port(): number {
    const address = this.server.address();
    return typeof address === 'object' && address ? address.port : 0;
  }

  static async start(target: { host: string; port: number }): Promise<SilentNetwork> {
    const server = net.createServer();
    const network = new SilentNetwork(server);
    server.on('connection', (client) => network.accept(client, target));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return network;
  }

  private accept(client: net.Socket, target: { host: string; port: number }) {
    this.track(client);
    if (this.silent) return; // accepted, then nothing: a connection attempt that never completes
    const upstream = this.track(net.connect(target.port, target.host));
    const pair: [net.Socket, net.Socket] = [client, upstream];
    this.pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
  }

  private track(socket: net.Socket) {
    this.sockets.add(socket);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.sockets.delete(socket));
    return socket;
  }

  silence() {
    this.silent = true;
    for (const [client, upstream] of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  restore() {
    this.silent = false;
    for (const socket of this.sockets) socket.destroy();
    this.pairs.clear();
  }

  async close() {
    this.restore();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
