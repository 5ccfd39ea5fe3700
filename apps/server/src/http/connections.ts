import type { Socket } from "node:net";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";

/**
 * The request's socket as it was when the request came, kept on the request itself: by the time
 * the answer is sent, Node may have detached it from the request already (`request.raw.socket` is
 * then null). A property, not a WeakMap of requests: one entry a request cost ≈ 1 % of a small
 * call's time (issue 41).
 */
const SOCKET = Symbol("counted socket");
type Counted = IncomingMessage & { [SOCKET]?: Socket };

/**
 * The sockets the server holds and how many requests each has in flight, so that closing ends the
 * kept-alive ones at once instead of waiting out their keep-alive (72 s). Node's close ends only
 * the sockets idle at that moment: one busy then stays open after its answer (after the fuzz suite,
 * such sockets held `app.close()` for 57–68 s). Here a socket with a request in flight is ended once
 * that request is answered. Returns what to call when closing starts.
 */
export function trackConnections(app: FastifyInstance): { endIdle(): void } {
  const inFlight = new Map<Socket, number>();
  let closing = false;
  app.server.on("connection", (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once("close", () => inFlight.delete(socket));
  });
  app.addHook("onRequest", (request, _reply, done) => {
    const socket = request.raw.socket as Socket | null;
    const count = socket === null ? undefined : inFlight.get(socket);
    if (socket !== null && count !== undefined) {
      (request.raw as Counted)[SOCKET] = socket;
      inFlight.set(socket, count + 1);
    }
    done();
  });
  app.addHook("onResponse", (request, _reply, done) => {
    const socket = (request.raw as Counted)[SOCKET];
    const count = socket === undefined ? undefined : inFlight.get(socket);
    if (socket !== undefined && count !== undefined) {
      const left = Math.max(0, count - 1);
      inFlight.set(socket, left);
      if (closing && left === 0) socket.destroySoon();
    }
    done();
  });
  return {
    endIdle() {
      closing = true;
      for (const [socket, count] of inFlight) if (count === 0) socket.destroySoon();
    },
  };
}
