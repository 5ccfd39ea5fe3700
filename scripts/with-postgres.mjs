#!/usr/bin/env node
// Run a command with TEST_DATABASE_URL pointing at the PostgreSQL on 127.0.0.1:5432 when one
// answers there (and it is not set already), saying plainly which databases the server suites use:
// they always run on the embedded PGlite, and on PostgreSQL too when it answers.
// Usage: node scripts/with-postgres.mjs <command> [args…]
import { spawn } from "node:child_process";
import { connect } from "node:net";

const DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/postgres";

/** True when something accepts a TCP connection on host:port within a second. */
function answers(host, port) {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1000 });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once("connect", () => done(true));
    socket.once("timeout", () => done(false));
    socket.once("error", () => done(false));
  });
}

const env = { ...process.env };
if (!env.TEST_DATABASE_URL && (await answers("127.0.0.1", 5432))) env.TEST_DATABASE_URL = DEFAULT_URL;
console.log(
  env.TEST_DATABASE_URL
    ? `== PostgreSQL: ${env.TEST_DATABASE_URL.split("@")[0]}@… answers; server suites run on PGlite and PostgreSQL`
    : "== PostgreSQL: not reachable at 127.0.0.1:5432; server suites run on PGlite only (PostgreSQL SKIPPED)",
);
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: node scripts/with-postgres.mjs <command> [args…]");
  process.exit(2);
}
const child = spawn(command, args, { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
