// Types of scripts/server-bundle.mjs (plain JavaScript: scripts/run.mjs loads it before any build).
export declare const SERVER_DIR: string;
export declare const SERVER_COMMANDS: Readonly<Record<string, string>>;
export declare const SERVER_ENTRIES: Readonly<Record<string, string>>;
export declare const NODE_BUNDLE: import('esbuild').BuildOptions;

export interface BundleOptions {
  /** The folder the sources are relative to. Default: the repository. */
  root?: string;
  /** Default: dist/server. */
  outdir?: string;
  /** Bundle name → source. Default: SERVER_ENTRIES. */
  entries?: Readonly<Record<string, string>>;
  /** Files the build reads without bundling them. Default: the bundler, tsconfig.json, package.json. */
  settings?: readonly string[];
}

export interface BundleMeta {
  /** Each input (relative to the root) as the build read it: its modification time and a hash of its bytes. */
  inputs: Record<string, { mtimeMs: number; hash: string; racy?: true }>;
  /** The files written, relative to the output folder. */
  outputs: string[];
}

export declare function buildBundle(options?: BundleOptions): Promise<BundleMeta>;
export declare function staleReason(options?: Omit<BundleOptions, 'settings'>): string | null;
export declare function ensureServerBundle(log?: (line: string) => void): Promise<boolean>;
