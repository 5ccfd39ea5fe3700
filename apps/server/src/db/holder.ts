/**
 * The embedded database is one process's at a time: PGlite has no server of its own, so a second
 * process opening the same folder would work on a copy the first one overwrites (an operator's
 * `review approve` printed "published" and was lost when the server wrote its own state back).
 * Whoever opens `<dataDir>/db` first holds it with a lock file naming its process; every other
 * opener — a second server, an operator command — is refused with words saying what to do.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

/** The embedded database is held by another process (or by this one, opened twice). */
export class DataDirHeldError extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `the embedded database in ${folder} is in use by process ${String(pid)} (the server): ` +
        "stop that process first, or run the server and its operator commands on PostgreSQL " +
        "(DATABASE_URL), where they work side by side",
    );
    this.name = "DataDirHeldError";
  }
}

/** Folders this process holds now (a second open from the same process is refused too). */
const held = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, and is someone else's.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function holderOf(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, "utf8").trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** The lock file in a held database folder. */
const HOLDER_FILE = "holder.pid";

/**
 * Make a copied database folder (a template, a backup) nobody's: the copy carries its source's
 * lock file, which names a process that does not hold the copy.
 */
export function forgetHolder(folder: string): void {
  rmSync(join(folder, HOLDER_FILE), { force: true });
}

/**
 * Hold `folder` for this process, or throw DataDirHeldError naming the holder. A lock file left by
 * a process that is gone (kill -9, a power cut) is taken over. Answers the release.
 */
export function holdDataDir(folder: string): () => void {
  const file = join(folder, HOLDER_FILE);
  if (held.has(folder)) throw new DataDirHeldError(folder, process.pid);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o644);
      writeSync(fd, `${String(process.pid)}\n`);
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 2) throw error;
      const pid = holderOf(file);
      // Our own pid but not held here: a handle this process lost without closing (a crashed start).
      if (pid !== null && pid !== process.pid && alive(pid)) throw new DataDirHeldError(folder, pid);
      rmSync(file, { force: true });
    }
  }
  held.add(folder);
  return () => {
    held.delete(folder);
    if (holderOf(file) === process.pid) rmSync(file, { force: true });
  };
}
