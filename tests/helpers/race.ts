import {
  AliasNode,
  SelectQueryNode,
  TableNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { TestApp } from './app.ts';

function tableName(node: OperationNode): string | undefined {
  if (TableNode.is(node)) return node.table.identifier.name;
  if (AliasNode.is(node)) return tableName(node.node);
  return undefined;
}

function selectsFrom(node: RootOperationNode, table: string): boolean {
  return SelectQueryNode.is(node) && (node.from?.froms ?? []).some((from) => tableName(from) === table);
}

/**
 * Plays another member who deletes something between a procedure's check and its write:
 * armed, it runs the action once the next query selecting from the table has answered
 * (the check), before the procedure goes on (to its write). Pass it in `plugins` of
 * createTestApp's database options.
 */
export class MeanwhilePlugin implements KyselyPlugin {
  #armed: { table: string; action: () => Promise<void>; remaining: number } | null = null;
  readonly #checks = new WeakSet<QueryId>();

  /** Runs `action` after the next read of `table`, or after the `nth` from now (a permission check may read it first). */
  afterNextSelectFrom(table: string, action: () => Promise<void>, nth = 1): void {
    this.#armed = { table, action, remaining: nth };
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (this.#armed && selectsFrom(node, this.#armed.table)) this.#checks.add(queryId);
    return node;
  }

  async transformResult({ queryId, result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const armed = this.#armed;
    if (armed && this.#checks.has(queryId)) {
      this.#checks.delete(queryId);
      armed.remaining -= 1;
      if (armed.remaining === 0) {
        this.#armed = null;
        await armed.action();
      }
    }
    return result;
  }
}

/**
 * Deletes a row as another connection would. MySQL: through the pool, committed at once,
 * while the app's transaction is still open. SQLite has one connection, which the app's
 * transaction holds: the row is deleted on it directly (and rolled back with that
 * transaction), which is as close as SQLite comes, since it lets no second writer in.
 */
export async function deleteElsewhere(t: TestApp, table: 'users' | 'groups' | 'albums', id: number): Promise<void> {
  if (t.sqlite) t.sqlite.prepare(`delete from ${table} where id = ?`).run(id);
  else await t.db.deleteFrom(table).where('id', '=', id).execute();
}
