/** Everything one `npm run bench` measured (bench/results/latest.json holds this, plus the table's rows). */
import type { HostBenchResult } from "./browser/extensionHost";
import type { ActivationResult } from "./node/activation";
import type { BundleResult } from "./node/bundles";
import type { CardCase } from "./node/cardBuild";
import type { ClientBypassResult } from "./node/clientBypass";
import type { Floor } from "./node/floors";
import type { MemoryResult } from "./node/memory";

export interface BenchMeta {
  startedAt: string;
  seconds: number;
  quick: boolean;
  node: string;
  platform: string;
  cpus: number;
  cpuModel: string;
  /** 1-minute load average at the start and at the end (2 cores shared with other work). */
  loadAverage: { start: number; end: number };
  commit: string;
  dirty: boolean;
  settings: unknown;
  groups: string[];
}

export interface BenchResults {
  meta: BenchMeta;
  floors?: { raw: Floor; sdk: Floor };
  clientBypass?: ClientBypassResult;
  memory?: MemoryResult;
  cards?: CardCase[];
  activation?: ActivationResult;
  bundles?: BundleResult;
  host?: HostBenchResult;
  /** Groups that failed, with the error. */
  errors: Record<string, string>;
}
