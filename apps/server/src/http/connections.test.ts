import { connect } from "node:net";
import type { Socket } from "node:net";
import { expect, it } from "vitest";
import { embedded, startPlatform } from "../../test/harness";

/** A kept-alive connection by hand: what the server wrote to it so far, and whether it ended. */
function openConnection(
  origin: string,
): Promise<{ socket: Socket; received: () => string; ended: Promise<void> }> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let data = "";
    socket.on("data", (chunk: Buffer) => (data += chunk.toString("latin1")));
    const ended = new Promise<void>((done) =>
      socket.once("close", () => {
        done();
      }),
    );
    socket.once("error", reject);
    socket.once("connect", () => {
      resolve({ socket, received: () => data, ended });
    });
  });
}

const body = JSON.stringify({});
const head = [
  "POST /api/user/app/user/app/logoffCheck HTTP/1.1",
  "Host: 127.0.0.1",
  "Connection: keep-alive",
  "Content-Type: application/json",
  `Content-Length: ${String(body.length)}`,
  "",
  "",
].join("\r\n");

// Closing answers what is in flight and then ends every kept-alive connection at once: Node's own
// close leaves a connection that was busy when closing began open for its whole keep-alive (72 s),
// which held every suite's close, a restart and a deploy that long (57–68 s after the fuzz suite).
it("closing the server answers the request in flight, then ends kept-alive connections", async () => {
  const platform = await startPlatform(embedded, {});
  const idle = await openConnection(platform.server.origin);
  idle.socket.write(`GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  await expect.poll(() => idle.received()).toContain("HTTP/1.1 200");
  // A request whose body is still coming when closing starts.
  const busy = await openConnection(platform.server.origin);
  const arrived = new Promise((resolve) => platform.server.app.server.once("request", resolve));
  busy.socket.write(head);
  await arrived;
  // Its hooks run once its head is read (the body is not there yet).
  await new Promise((resolve) => setTimeout(resolve, 50));
  const closed = platform.close();
  await idle.ended;
  busy.socket.write(body);
  await busy.ended;
  expect(busy.received()).toMatch(/^HTTP\/1\.1 401/);
  await closed;
});
