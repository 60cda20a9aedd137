// Types of scripts/launcher.mjs (plain JavaScript: scripts/run.mjs loads it before any build).
/** Calls `gone` once when a launcher of this process has exited. The timer never keeps it alive. */
export declare function watchLauncher(gone: () => void): void;
