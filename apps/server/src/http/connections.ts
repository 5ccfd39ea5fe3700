import type { Socket } from "node:net";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * The sockets the server holds and how many requests each has in flight, so that closing ends the
 * kept-alive ones at once instead of waiting out their keep-alive (72 s). Node's close ends only
 * the sockets idle at that moment: one busy then stays open after its answer (after the fuzz suite,
 * such sockets held `app.close()` for 57–68 s). Here a socket with a request in flight is ended once
 * that request is answered. Returns what to call when closing starts.
 */
export function trackConnections(app: FastifyInstance): { endIdle(): void } {
  const inFlight = new Map<Socket, number>();
  // The request's socket as it was when the request came: by the time the answer is sent, Node may
  // have detached it from the request already (`request.raw.socket` is then null).
  const socketOf = new WeakMap<FastifyRequest, Socket>();
  let closing = false;
  app.server.on("connection", (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once("close", () => inFlight.delete(socket));
  });
  app.addHook("onRequest", (request, _reply, done) => {
    const socket = request.raw.socket as Socket | null;
    if (socket !== null && inFlight.has(socket)) {
      socketOf.set(request, socket);
      inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    }
    done();
  });
  app.addHook("onResponse", (request, _reply, done) => {
    const socket = socketOf.get(request);
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
