/** The types of cluster.mjs (plain JavaScript, so that `node deploy/cluster.mjs` runs it as it is). */
export interface Cluster {
  url: string;
  prefix: string;
  servers: Array<{ port: number; down: boolean }>;
  restart(i: number): Promise<void>;
  rollingRestart(): Promise<void>;
  kill(i: number): Promise<void>;
  start(i: number): Promise<void>;
  pids(): number[];
  stop(): Promise<void>;
}

export function startCluster(options?: {
  processes?: number;
  port?: number;
  firstPort?: number;
  env?: Record<string, string>;
  output?: "ignore" | "inherit";
}): Promise<Cluster>;
