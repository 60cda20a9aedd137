// Statements built once: Kysely builds a query's tree, runs the plugins over it (CamelCasePlugin
// renames every identifier) and compiles it to SQL each time it runs. On a page save that was a
// quarter of the request's CPU, more than SQLite's own work (issue 26). A hot repository function
// declares its query with prepared(): the builder runs once per database, with a marker in place of
// each argument, and every later call runs the same SQL with the arguments put where the markers
// were. The SQL is Kysely's own, so it is the same statement on both dialects as before, and the
// result goes through the plugins as any other (column names back to camelCase).
//
// The query's shape must not depend on the arguments' values (a marker is no value: no `if` on
// one, no `undefined` to leave a column out); arguments may not be undefined (null is a value).
import {
  type Compilable,
  type CompiledQuery,
  createQueryId,
  type KyselyPlugin,
  type QueryResult,
} from 'kysely';
import type { Db } from './database';

/** Where an argument goes in the compiled statement's parameters. */
class Argument {
  constructor(readonly index: number) {}
}

interface Template {
  compiled: CompiledQuery;
  /** The plugins it was compiled with (a Kysely made withPlugin() compiles on its own). */
  plugins: readonly KyselyPlugin[];
}

/** A transaction's executor holds a copy of its database's plugin list: the same plugins. */
function samePlugins(a: readonly KyselyPlugin[], b: readonly KyselyPlugin[]): boolean {
  return a.length === b.length && a.every((plugin, index) => plugin === b[index]);
}

/**
 * A statement of `build` compiled once per database (per dialect and plugins): call the result with
 * the database (or transaction) and the arguments. `build` receives markers, never the values.
 */
export function prepared<Args extends unknown[], Row>(
  build: (db: Db, ...args: Args) => Compilable<Row>,
): (db: Db, ...args: Args) => Promise<QueryResult<Row>> {
  // Keyed by the executor's adapter, which a database shares with its transactions.
  const templates = new WeakMap<object, Template>();
  return (db, ...args) => {
    const executor = db.getExecutor();
    let template = templates.get(executor.adapter);
    if (!template || !samePlugins(template.plugins, executor.plugins)) {
      const markers = args.map((_, index) => new Argument(index)) as Args;
      template = { compiled: build(db, ...markers).compile(), plugins: executor.plugins };
      templates.set(executor.adapter, template);
    }
    const { compiled } = template;
    const parameters: unknown[] = [];
    for (const parameter of compiled.parameters) {
      const value = parameter instanceof Argument ? args[parameter.index] : parameter;
      if (value === undefined)
        return Promise.reject(new TypeError('a prepared statement was given undefined'));
      parameters.push(value);
    }
    return db.executeQuery<Row>({
      sql: compiled.sql,
      parameters,
      query: compiled.query,
      queryId: createQueryId(),
    });
  };
}
