import { createConnection, createServer, type Server, type Socket } from "node:net";
import { type Database, openDatabase } from "../../src/db/database.js";

/**
 * A TCP proxy in front of the database: `cut()` drops every connection and refuses new ones,
 * as a stopped PostgreSQL would; `restore()` accepts again, as a restarted one would.
 */
export class TcpProxy {
  #server: Server | undefined;
  #sockets = new Set<Socket>();
  #frozen = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async restore(): Promise<void> {
    const server = createServer((client) => {
      const upstream = createConnection(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on("close", () => this.#sockets.delete(socket));
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", resolve));
    this.port = (server.address() as { port: number }).port;
    this.#server = server;
  }

  /**
   * Stops carrying data on the connections open now, without closing them, as a network cut
   * that nobody is told of would; connections made afterwards are carried as before.
   */
  freeze(): void {
    for (const socket of this.#sockets) {
      socket.unpipe();
      socket.pause();
      this.#frozen.add(socket);
    }
    this.#sockets.clear();
  }

  async cut(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    for (const socket of [...this.#sockets, ...this.#frozen]) socket.destroy();
    this.#frozen.clear();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

/** A PostgreSQL test database opened again through a proxy of its own, to cut or freeze. */
export async function throughProxy(
  url: string | undefined,
  options: { poolSize: number; listenCheckMs?: number },
): Promise<{ proxy: TcpProxy; database: Database }> {
  const target = new URL(url ?? "");
  const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
  await proxy.restore();
  const viaProxy = new URL(target);
  viaProxy.hostname = "127.0.0.1";
  viaProxy.port = String(proxy.port);
  const database = await openDatabase({
    databaseUrl: viaProxy.toString(),
    dataDir: "",
    statementTimeoutMs: 2_000,
    poolAcquireTimeoutMs: 1_000,
    companyTimeZone: "America/New_York",
    ...options,
  });
  return { proxy, database };
}
