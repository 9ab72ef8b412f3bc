import { OPERATIONS } from "@office/core";
import { describe, expect, it } from "vitest";
import { ipv4Of } from "../src/http/client-address.js";
import { useTestApp } from "./support/context.js";
import { ONE_ENGINE } from "./support/engines.js";

/*
 * GET /API/ClientIP (issue 36): the caller's address, which the spec's browser asked a public
 * look-up service for. Behind a proxy the server names the client only where it trusts the proxy.
 */

describe("an address written as IPv4", () => {
  it("unwraps an IPv4 address mapped into IPv6, and has none for an IPv6 one", () => {
    expect(ipv4Of("203.0.113.7")).toBe("203.0.113.7");
    expect(ipv4Of("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(ipv4Of("::FFFF:198.51.100.9")).toBe("198.51.100.9");
    expect(ipv4Of("2001:db8::1")).toBeNull();
    expect(ipv4Of("::1")).toBeNull();
  });
});

describe.each(ONE_ENGINE)("the caller's address on $name", (engine) => {
  for (const trustProxy of [false, true]) {
    describe(trustProxy ? "behind a trusted proxy" : "with no proxy trusted", () => {
      const t = useTestApp(engine, { config: { trustProxy } });
      const ask = async (headers: Record<string, string> = {}) =>
        t.app.inject({
          method: "GET",
          url: OPERATIONS.clientAddress.path,
          remoteAddress: "::ffff:203.0.113.7",
          headers: { authorization: `Bearer ${await t.staff.token()}`, ...headers },
        });

      it(
        trustProxy
          ? "is the client the proxy names in X-Forwarded-For"
          : "is the connection's, whatever X-Forwarded-For claims",
        async () => {
          const answer = await ask({ "x-forwarded-for": "198.51.100.9" });
          expect(answer.statusCode, answer.body).toBe(200);
          expect(answer.json()).toEqual(
            trustProxy
              ? { address: "198.51.100.9", ipv4: "198.51.100.9" }
              : { address: "::ffff:203.0.113.7", ipv4: "203.0.113.7" },
          );
        },
      );

      it("is the connection's when no proxy names anyone, and only for a signed-in caller", async () => {
        expect((await ask()).json()).toEqual({ address: "::ffff:203.0.113.7", ipv4: "203.0.113.7" });
        const anonymous = await t.app.inject({ method: "GET", url: OPERATIONS.clientAddress.path });
        expect(anonymous.statusCode).toBe(401);
      });
    });
  }
});
