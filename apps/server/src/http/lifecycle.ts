import { ERROR_MESSAGES } from "@office/core";
import type { FastifyInstance } from "fastify";
import { AppError } from "./app-error.js";

/**
 * Graceful shutdown: on SIGTERM readiness flips and new requests answer 503 while the
 * server still listens (so a load balancer moves on), requests in flight finish, then the
 * server closes and the database with it.
 */
export class Lifecycle {
  draining = false;
  #inFlight = 0;
  #idle: Array<() => void> = [];
  #onDrain: Array<() => void> = [];

  /** Runs when draining starts: long-lived responses (event streams) end so the drain can finish. */
  onDrain(callback: () => void) {
    this.#onDrain.push(callback);
  }

  register(app: FastifyInstance) {
    const counted = new WeakSet<object>();
    const done = async (request: object) => {
      if (!counted.delete(request)) return;
      this.#inFlight--;
      if (this.#inFlight === 0) for (const resolve of this.#idle.splice(0)) resolve();
    };
    app.addHook("onRequest", async (request, reply) => {
      counted.add(request);
      this.#inFlight++;
      if (this.draining && request.routeOptions.url !== "/healthz" && request.routeOptions.url !== "/readyz") {
        reply.header("connection", "close");
        throw AppError.unavailable(ERROR_MESSAGES.shuttingDown);
      }
    });
    app.addHook("onResponse", done);
    app.addHook("onRequestAbort", done);
  }

  get inFlight() {
    return this.#inFlight;
  }

  /** Drains, then closes the app; resolves when all is closed. */
  async shutdown(app: FastifyInstance, timeoutMs: number): Promise<void> {
    this.draining = true;
    for (const callback of this.#onDrain) callback();
    app.log.info({ inFlight: this.#inFlight }, "draining");
    if (this.#inFlight > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => this.#idle.push(resolve)),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(timer);
    }
    await app.close();
  }
}

/** SIGTERM and SIGINT drain and close the app, then end the process. */
export function handleSignals(app: FastifyInstance, lifecycle: Lifecycle, timeoutMs: number) {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    lifecycle.shutdown(app, timeoutMs).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
