// The database pool gauges: this instance's one pool (server/db.ts), read at scrape time.
import { poolCounts } from "../db";

export interface PoolConnections {
  inUse: number;
  idle: number;
  waiting: number;
}

/** The pool's connections in use (open and not idle) and idle, and the requests waiting for one. */
export function poolConnections(): PoolConnections {
  const { total, idle, waiting } = poolCounts();
  return { inUse: Math.max(0, total - idle), idle, waiting };
}
