// Reads what bench/stall-probe.mjs caught (`node --import tsx bench/stall-report.ts DIR`): for each event-loop
// stall, the stacks the profiler sampled while it lasted, heaviest first, our own frames marked.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Caught {
  stalls: { startMs: number; ms: number; at: number; ranMs?: number; waitedForCpuMs?: number; blockedMs?: number }[];
  profile: { nodes: Node[]; startTime: number; samples: number[]; timeDeltas: number[] };
}

const dir = process.argv[2];
if (!dir) throw new Error('usage: stall-report.ts DIR');

const frame = (node: Node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.replace(/^file:\/\//, '').replace(/^.*\/(dist|node_modules)\//, '$1/');
  return `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`;
};

for (const name of readdirSync(dir)
  .filter((file) => file.endsWith('.json'))
  .sort()) {
  const { stalls, profile } = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Caught;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stackOf = (id: number) => {
    const frames: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at)!;
      if (node.callFrame.functionName !== '(root)') frames.push(frame(node));
    }
    return frames;
  };
  const times: number[] = [];
  let t = 0;
  for (const delta of profile.timeDeltas) times.push((t += delta) / 1000);
  for (const stall of stalls) {
    const counts = new Map<string, number>();
    profile.samples.forEach((id, index) => {
      const at = times[index]!;
      if (at < stall.startMs || at > stall.startMs + stall.ms) return;
      const stack = stackOf(id).slice(0, 12).join('\n      ← ');
      counts.set(stack, (counts.get(stack) ?? 0) + 1);
    });
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const where =
      stall.ranMs === undefined
        ? ''
        : ` (main thread ran ${stall.ranMs} ms, waited for a CPU ${stall.waitedForCpuMs} ms, blocked ${stall.blockedMs} ms)`;
    console.log(`\n${new Date(stall.at).toISOString()}: ${stall.ms} ms stall${where}, ${total} samples`);
    for (const [stack, count] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 4)) {
      console.log(`  ${count} × ${stack}`);
    }
  }
}
