/**
 * CPU profiles (V8's sampling profiler through node:inspector) summarized by self time: per category (a bundle, a
 * module, Node's internals, GC) and per function. Used to say where the time of an approval goes, never for the
 * measured figures themselves (profiling slows the code down).
 */
import { readFileSync } from "node:fs";
import { Session } from "node:inspector";

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Busy time sampled (idle excluded), ms. */
  busyMs: number;
  /** Requests answered while profiling, when known: `usPerRequest` divides by it. */
  requests?: number;
  byCategory: { category: string; ms: number; share: number; usPerRequest?: number }[];
  topFunctions: { name: string; category: string; ms: number; share: number }[];
}

function post<T>(session: Session, method: string, params?: object): Promise<T> {
  return new Promise((resolve, reject) =>
    session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result as T))),
  );
}

/** Profiles `fn` at a 100 us sampling interval. */
export async function profile<T>(fn: () => Promise<T>): Promise<{ value: T; profile: CpuProfile }> {
  const session = new Session();
  session.connect();
  try {
    await post(session, "Profiler.enable");
    await post(session, "Profiler.setSamplingInterval", { interval: 100 });
    await post(session, "Profiler.start");
    const value = await fn();
    const { profile: result } = await post<{ profile: CpuProfile }>(session, "Profiler.stop");
    return { value, profile: result };
  } finally {
    session.disconnect();
  }
}

export function summarizeProfile(
  profile: CpuProfile,
  categorize: (frame: CallFrame) => string,
  requests?: number,
  top = 12,
): ProfileSummary {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  // The profiler's own work (stopping and serializing the profile) runs under node:inspector: leave it out.
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const profilerOwn = (id: number): boolean => {
    for (let current: number | undefined = id; current !== undefined; current = parents.get(current)) {
      if (nodes.get(current)?.callFrame.url === "node:inspector") return true;
    }
    return false;
  };
  const perNode = new Map<number, number>();
  profile.samples.forEach((id, i) => perNode.set(id, (perNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const categories = new Map<string, number>();
  const functions = new Map<string, { category: string; us: number }>();
  let busy = 0;
  for (const [id, us] of perNode) {
    const frame = nodes.get(id)!.callFrame;
    if (frame.functionName === "(idle)" || profilerOwn(id)) continue;
    busy += us;
    const category = categorize(frame);
    categories.set(category, (categories.get(category) ?? 0) + us);
    const name =
      `${frame.functionName || "(anonymous)"} ${frame.url ? `${frame.url.split("/").pop()}:${frame.lineNumber + 1}` : ""}`.trim();
    const entry = functions.get(name) ?? { category, us: 0 };
    entry.us += us;
    functions.set(name, entry);
  }
  const share = (us: number) => (busy ? us / busy : 0);
  return {
    busyMs: busy / 1000,
    ...(requests ? { requests } : {}),
    byCategory: [...categories]
      .map(([category, us]) => ({
        category,
        ms: us / 1000,
        share: share(us),
        ...(requests ? { usPerRequest: us / requests } : {}),
      }))
      .sort((a, b) => b.ms - a.ms),
    topFunctions: [...functions]
      .map(([name, { category, us }]) => ({ name, category, ms: us / 1000, share: share(us) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top),
  };
}

/**
 * Frames of V8 itself and of Node: GC, V8's own work, Node's JavaScript by module family ("Node webstreams",
 * "Node fs", …), and native bindings (I/O syscalls such as writes to a pipe or realpath).
 */
export function runtimeCategory(frame: Pick<CallFrame, "functionName" | "url">): string | undefined {
  if (frame.functionName === "(garbage collector)") return "GC";
  if (frame.functionName === "(program)" || frame.functionName === "(root)") return "V8 (program)";
  if (frame.url.startsWith("node:"))
    return `Node ${frame.url.replace(/^node:(internal\/)?/, "").split("/")[0]}`;
  if (!frame.url) return frame.functionName ? "native bindings (I/O, syscalls)" : "V8 (program)";
  return undefined;
}

/**
 * For a bundle esbuild wrote without minifying: which source module a line belongs to, from the `// path` comments
 * esbuild puts before each module's code.
 */
export function moduleOfLine(bundleFile: string): (line: number) => string {
  const lines = readFileSync(bundleFile, "utf8").split("\n");
  const starts: { line: number; module: string }[] = [];
  lines.forEach((text, i) => {
    const match = /^\/\/ ((?:src|node_modules|bench|test)\/\S+)$/.exec(text);
    if (match) starts.push({ line: i, module: match[1]! });
  });
  return (line) => {
    let found = "(bundle glue)";
    for (const start of starts) {
      if (start.line > line) break;
      found = start.module;
    }
    return found;
  };
}

/**
 * Categories for a profile of this (unminified) benchmark bundle: runtime frames as `runtimeCategory` says, frames of
 * the bundle by origin (an npm package, or a source file of this repository).
 */
export function bundleCategories(bundleFile: string): (frame: CallFrame) => string {
  const moduleOf = moduleOfLine(bundleFile);
  return (frame) => {
    const runtime = runtimeCategory(frame);
    if (runtime) return runtime;
    if (frame.url === bundleFile || frame.url === `file://${bundleFile}`) {
      const module = moduleOf(frame.lineNumber);
      return /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module)?.[1] ?? module;
    }
    return frame.url.split("/").pop() ?? frame.url;
  };
}
