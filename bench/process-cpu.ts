import { readdirSync, readFileSync } from 'node:fs';

/** Linux's clock ticks per second for /proc times (`getconf CLK_TCK`: 100 on every common kernel). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system, ms) used so far by every live process of a process group: a bench server runs
 * as its own group (tsx's launcher and the node process it starts). Read from /proc; undefined where there
 * is none (not Linux). Unlike throughput, CPU per request barely moves when other work shares the machine.
 */
export function processGroupCpuMs(groupId: number | undefined): number | undefined {
  if (groupId === undefined) return undefined;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  let ticks = 0;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // After the command name (in parentheses, which may hold spaces): state, ppid, pgrp, … utime, stime.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== groupId) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
