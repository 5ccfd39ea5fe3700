// What the machine did while a measurement ran (Linux /proc): how busy its CPUs were, how much time
// the hypervisor took away (steal), and which programs used the CPU. Lighthouse's scores are read
// from the main thread's task lengths, which anything else on these 2 cores lengthens: the figures
// say whether a low score came with a busy machine (docs/perf.md).
import { readdirSync, readFileSync } from "node:fs";

/**
 * The CPU counters now: the machine's (USER_HZ ticks by kind, all cores), its number of cores, and
 * each process's (user + system).
 */
export function cpuSample() {
  let lines;
  try {
    lines = readFileSync("/proc/stat", "utf8").split("\n");
  } catch {
    return null; // not Linux
  }
  const machine = (lines[0] ?? "").trim().split(/\s+/).slice(1).map(Number);
  const cores = Math.max(1, lines.filter((line) => /^cpu\d+ /.test(line)).length);
  const processes = new Map();
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const name = stat.slice(stat.indexOf("(") + 1, close);
      const fields = stat.slice(close + 2).split(" ");
      processes.set(pid, { name, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // ended meanwhile
    }
  }
  return { machine, cores, processes };
}

/**
 * Between two samples: `busy` and `steal` as percent of one core (200 = both cores of two), and the
 * programs by name with their share, busiest first (processes of one name summed: Chromium's many).
 */
export function cpuBetween(before, after, top = 4) {
  if (before === null || after === null) return null;
  const delta = after.machine.map((value, i) => value - (before.machine[i] ?? 0));
  // user nice system idle iowait irq softirq steal
  const total = delta.slice(0, 8).reduce((sum, value) => sum + value, 0);
  if (!(total > 0)) return null;
  const { cores } = after;
  const share = (ticks) => Math.round(((ticks * 100) / total) * cores);
  const idle = (delta[3] ?? 0) + (delta[4] ?? 0);
  const byName = new Map();
  for (const [pid, { name, ticks }] of after.processes) {
    const used = ticks - (before.processes.get(pid)?.ticks ?? 0);
    if (used > 0) byName.set(name, (byName.get(name) ?? 0) + used);
  }
  const programs = [...byName]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, ticks]) => ({ name, percent: share(ticks) }));
  return { busy: share(total - idle), steal: share(delta[7] ?? 0), cores, programs };
}

/** One line: "busy 143 % of 200 %, steal 0 %: chromium 96 %, node 31 %, …". */
export function describeLoad(load) {
  if (load === null) return "host load unknown";
  const programs = load.programs.map((p) => `${p.name} ${String(p.percent)} %`).join(", ");
  return `busy ${String(load.busy)} % of ${String(load.cores * 100)} %, steal ${String(load.steal)} %: ${programs}`;
}
