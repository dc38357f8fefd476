// A process tree from /proc (Linux): the batch's Chromium processes for a kill test, and the
// tree's resident memory for the bench. Elsewhere these return empty lists / null.
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcInfo {
  pid: number;
  ppid: number;
  comm: string;
  /** Resident set size, bytes. */
  rss: number;
}

function readProc(pid: number): ProcInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm is in parentheses and may hold spaces; the fields after the last ')' are fixed.
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const rest = stat.slice(close + 2).split(' ');
    const ppid = Number(rest[1]);
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return { pid, ppid, comm, rss: kb * 1024 };
  } catch {
    return null; // gone meanwhile, or no /proc
  }
}

/** `root` and all its descendants. */
export function processTree(root: number): ProcInfo[] {
  let all: ProcInfo[];
  try {
    all = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map((d) => readProc(Number(d)))
      .filter((p): p is ProcInfo => p !== null);
  } catch {
    return [];
  }
  const byParent = new Map<number, ProcInfo[]>();
  for (const p of all) byParent.set(p.ppid, [...(byParent.get(p.ppid) ?? []), p]);
  const self = all.find((p) => p.pid === root);
  const out: ProcInfo[] = self ? [self] : [];
  const queue = [root];
  while (queue.length) {
    for (const c of byParent.get(queue.shift() as number) ?? []) {
      out.push(c);
      queue.push(c.pid);
    }
  }
  return out;
}

/** Sum of RSS over the tree (shared pages counted in each process: an upper bound). */
export function treeRss(root: number): number {
  return processTree(root).reduce((a, p) => a + p.rss, 0);
}

/** The browser main processes under `root`: Chromium processes whose parent is not Chromium. */
export function browserMains(root: number): ProcInfo[] {
  const tree = processTree(root);
  const isChrome = (p: ProcInfo) => /chrom/i.test(p.comm);
  const pids = new Set(tree.filter(isChrome).map((p) => p.pid));
  return tree.filter((p) => isChrome(p) && !pids.has(p.ppid));
}
