// Runs a PostgreSQL client tool (pg_dump, pg_restore) and rejects with its own error text.
import { spawn } from 'node:child_process';

export function runTool(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', (error) => reject(new Error(`${command} could not run: ${error.message}`)));
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`)),
    );
  });
}
