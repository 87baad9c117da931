// `npm start` under a supervisor (issue 9, item 5): a real `npm start` (embedded PostgreSQL in a
// throwaway DATA_DIR, free ports, the worktree's production build; the first start builds it when
// missing or stale) must stop entirely on SIGTERM or SIGINT to npm's PID, and exit non-zero
// with PostgreSQL stopped when the app dies, so a supervisor restarts it.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildNeeded } from "@/scripts/lib/build-needed";
import { freePort } from "@/test/free-port";

// A first start may build Next.js (minutes on a busy 2-core machine); later ones take seconds.
const READY_MS = buildNeeded() ? 15 * 60_000 : 3 * 60_000;
// "Promptly": Next.js stops at once without open connections, PostgreSQL in well under a second.
const STOPPED_MS = 15_000;

let dataDir: string;
const started: number[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "marketplace-npm-start-"));
});
// Whatever a failed test left behind, by PID (npm, the start script, the app, PostgreSQL).
afterEach(() => {
  for (const pid of started.splice(0)) if (alive(pid)) process.kill(pid, "SIGKILL");
});
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function descendantsOf(pid: number): { pid: number; cmd: string }[] {
  const children = childrenOf(pid);
  return [...children, ...children.flatMap((c) => descendantsOf(c.pid))];
}

function childrenOf(pid: number): { pid: number; cmd: string }[] {
  const found: { pid: number; cmd: string }[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/<pid>/stat, after the parenthesised command name.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid)
        found.push({ pid: Number(entry), cmd: readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ") });
    } catch {
      // exited meanwhile
    }
  }
  return found;
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });

async function until(what: string, check: () => boolean | Promise<boolean>, ms: number): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now() - start;
}

interface Started {
  npm: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
  appPort: number;
  pgPort: number;
  dir: string;
  tree: { pid: number; cmd: string }[];
  appPid?: number;
  postgresPid: number;
}

/** `npm start` until the app serves, or (`preparing`) until migrations are applied and seeding runs. */
async function npmStart(
  options: { dir?: string; until?: "serving" | "preparing"; script?: "start" | "dev" } = {},
): Promise<Started> {
  const dir = options.dir ?? dataDir;
  const [appPort, pgPort] = [await freePort(), await freePort()];
  // The test run's own database and NODE_ENV are not the app's.
  const { DATABASE_URL: _db, NODE_ENV: _env, BASE_URL: _base, ...inherited } = process.env;
  const env: Record<string, string | undefined> = {
    ...inherited,
    DATA_DIR: dir,
    PORT: String(appPort),
    EMBEDDED_PG_PORT: String(pgPort),
    LOG_LEVEL: "warn",
  };
  const npm: ChildProcess = spawn("npm", ["run", options.script ?? "start"], {
    cwd: process.cwd(),
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(npm.pid!);
  let out = "";
  npm.stdout!.on("data", (d: Buffer) => (out += d));
  npm.stderr!.on("data", (d: Buffer) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) =>
    npm.on("exit", (code, signal) => r({ code, signal })),
  );
  const output = () => out.slice(-4000);

  const exitedEarly = () => {
    if (npm.exitCode !== null) throw new Error(`npm start exited (${npm.exitCode}):\n${output()}`);
  };
  if (options.until === "preparing") {
    await until(
      "migrations applied",
      () => (exitedEarly(), out.includes("migrations have been successfully applied")),
      READY_MS,
    );
    await new Promise((r) => setTimeout(r, 1000));
  } else {
    await until(
      "the app answers /api/health",
      () => (
        exitedEarly(),
        fetch(`http://127.0.0.1:${appPort}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      ),
      READY_MS,
    );
  }
  // Everything npm started (through a shell and tsx on the old command line), and PostgreSQL.
  const tree = descendantsOf(npm.pid!);
  // The app's first process: `next dev` (which serves from a forked next-server), or `next start`
  // (which serves itself, renamed next-server).
  const app = tree.find((p) => /next dev/.test(p.cmd)) ?? tree.find((p) => /next-server|next start/.test(p.cmd));
  if (!app && options.until !== "preparing") throw new Error(`no app under npm:\n${JSON.stringify(tree)}`);
  const postgresPid = Number(readFileSync(path.join(dir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
  started.push(...tree.map((p) => p.pid), postgresPid);
  return { npm, exited, output, appPort, pgPort, dir, tree, appPid: app?.pid, postgresPid };
}

async function expectAllStopped(s: Started) {
  for (const { pid, cmd } of [
    { pid: s.npm.pid!, cmd: "npm start" },
    ...s.tree,
    { pid: s.postgresPid, cmd: "postgres" },
  ]) {
    await until(`${cmd.slice(0, 120)} (pid ${pid}) exits`, () => !alive(pid), STOPPED_MS).catch((err: Error) => {
      throw new Error(`${err.message}\n${s.output()}`);
    });
  }
  expect(await listening(s.appPort)).toBe(false);
  expect(await listening(s.pgPort)).toBe(false);
  expect(existsSync(path.join(s.dir, "postgres", "postmaster.pid"))).toBe(false); // a clean PostgreSQL shutdown
}

describe("npm start under a supervisor", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(
      `${signal} to npm's PID stops npm, the start script, the app and PostgreSQL within seconds, exit 0`,
      async () => {
        const s = await npmStart();
        s.npm.kill(signal);
        const waited = await until("npm exits", () => s.npm.exitCode !== null || s.npm.signalCode !== null, STOPPED_MS);
        expect(waited).toBeLessThan(STOPPED_MS);
        await expectAllStopped(s);
        expect(await s.exited).toEqual({ code: 0, signal: null });
      },
      READY_MS + 60_000,
    );
  }

  it(
    "the app killed (SIGKILL): npm start exits non-zero promptly and stops PostgreSQL",
    async () => {
      const s = await npmStart();
      process.kill(s.appPid!, "SIGKILL");
      await until("npm exits", () => s.npm.exitCode !== null || s.npm.signalCode !== null, STOPPED_MS);
      await expectAllStopped(s);
      const { code } = await s.exited;
      expect(code).toBe(128 + os.constants.signals.SIGKILL);
      expect(s.output()).toContain("the app exited (SIGKILL)");
    },
    READY_MS + 60_000,
  );

  it(
    "npm run dev, the app's first process killed (SIGKILL): its forked server does not keep serving; PostgreSQL stops",
    async () => {
      const s = await npmStart({ script: "dev" });
      expect(s.tree.some((p) => p.cmd.startsWith("next-server") && p.pid !== s.appPid)).toBe(true); // next dev serves from a child
      process.kill(s.appPid!, "SIGKILL");
      await expectAllStopped(s);
      expect((await s.exited).code).toBe(128 + os.constants.signals.SIGKILL);
    },
    READY_MS + 60_000,
  );

  it(
    "SIGTERM while the first start is still seeding: the start script and PostgreSQL stop, exit 0",
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), "marketplace-npm-start-early-"));
      try {
        const s = await npmStart({ dir, until: "preparing" });
        expect(s.output()).not.toContain("serving");
        s.npm.kill("SIGTERM");
        await expectAllStopped(s);
        expect(await s.exited).toEqual({ code: 0, signal: null });
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    READY_MS + 60_000,
  );

  it(
    "npm itself killed (SIGKILL): the start script notices and stops the app and PostgreSQL",
    async () => {
      const s = await npmStart();
      s.npm.kill("SIGKILL");
      await expectAllStopped(s);
    },
    READY_MS + 60_000,
  );
});
