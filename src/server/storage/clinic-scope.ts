/**
 * Scoping by clinic in code (decision 077): every query a clinic's store sends names its clinic, whoever
 * wrote the query. The store's Kysely carries this plugin, which rewrites each statement before it is
 * compiled: a read, update or delete of a clinic table gets `clinic_id = <the clinic>` for every clinic
 * table it names (in FROM, in a JOIN's ON, in a subquery), an insert gets the column and its value, and an
 * ON CONFLICT target gets the clinic as its leading column (every key of a clinic table leads with it).
 * Done once here, a handler cannot forget it; PostgreSQL's row-level security checks it a second time.
 */
import {
  type AliasNode,
  AndNode,
  BinaryOperationNode,
  ColumnNode,
  type DeleteQueryNode,
  type InsertQueryNode,
  type JoinNode,
  type KyselyPlugin,
  OnConflictNode,
  OnNode,
  type OperationNode,
  OperationNodeTransformer,
  OperatorNode,
  ParensNode,
  PrimitiveValueListNode,
  ReferenceNode,
  type SelectQueryNode,
  TableNode,
  type UpdateQueryNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
  WhereNode,
} from 'kysely';

/** Every table whose rows belong to one clinic; the deployment's own tables (clinics, hosts, migrations) are not here. */
export const CLINIC_TABLES: ReadonlySet<string> = new Set([
  'audit_log',
  'clinic_schedule',
  'kiosk_devices',
  'line_channels',
  'line_webhook_events',
  'notice_daily',
  'outbox',
  'push_subscriptions',
  'pwa_users',
  'queues',
  'rate_counters',
  'reception_sessions',
  'reservation_slots',
  'runtime',
  'schedule_edges',
  'service_tokens',
  'sms_numbers',
  'sms_usage',
  'staff_accounts',
  'staff_sessions',
  'ticket_daily',
  'ticket_push',
  'ticket_tokens',
  'wait_readings',
]);

export const CLINIC_COLUMN = 'clinic_id';

/** The name a statement reads a clinic table by (its alias, or its own name); undefined for anything else. */
function clinicTableName(node: OperationNode): string | undefined {
  if (node.kind === 'TableNode') {
    const name = (node as TableNode).table.identifier.name;
    return CLINIC_TABLES.has(name) ? name : undefined;
  }
  if (node.kind === 'AliasNode') {
    const { node: inner, alias } = node as AliasNode;
    if (inner.kind === 'TableNode' && CLINIC_TABLES.has((inner as TableNode).table.identifier.name)) {
      return alias.kind === 'IdentifierNode' ? (alias as unknown as { name: string }).name : undefined;
    }
  }
  return undefined;
}

class ClinicScope extends OperationNodeTransformer {
  constructor(private readonly clinic: string) {
    super();
  }

  private isClinic(name: string): OperationNode {
    return BinaryOperationNode.create(
      ReferenceNode.create(ColumnNode.create(CLINIC_COLUMN), TableNode.create(name)),
      OperatorNode.create('='),
      ValueNode.create(this.clinic),
    );
  }

  /**
   * The filter for every clinic table among `tables`, and-ed onto `where` in parentheses: `a or b` must become
   * `(a or b) and clinic`, never `a or (b and clinic)`.
   */
  private scopeWhere(where: WhereNode | undefined, tables: readonly OperationNode[]): WhereNode | undefined {
    let scoped = where;
    for (const table of tables) {
      const name = clinicTableName(table);
      if (!name) continue;
      const filter = this.isClinic(name);
      scoped = scoped ? WhereNode.create(AndNode.create(ParensNode.create(scoped.where), filter)) : WhereNode.create(filter);
    }
    return scoped;
  }

  private scopeJoins(joins: readonly JoinNode[] | undefined): readonly JoinNode[] | undefined {
    return joins?.map((join) => {
      const name = clinicTableName(join.table);
      if (!name) return join;
      const filter = this.isClinic(name);
      return { ...join, on: join.on ? OnNode.create(AndNode.create(ParensNode.create(join.on.on), filter)) : OnNode.create(filter) };
    });
  }

  protected override transformSelectQuery(node: SelectQueryNode, queryId?: Parameters<OperationNodeTransformer['transformNode']>[1]): SelectQueryNode {
    const done = super.transformSelectQuery(node, queryId);
    if (!done.from) return done;
    return { ...done, where: this.scopeWhere(done.where, done.from.froms), joins: this.scopeJoins(done.joins) };
  }

  protected override transformUpdateQuery(node: UpdateQueryNode, queryId?: Parameters<OperationNodeTransformer['transformNode']>[1]): UpdateQueryNode {
    const done = super.transformUpdateQuery(node, queryId);
    const tables = [...(done.table ? [done.table] : []), ...(done.from?.froms ?? [])];
    return { ...done, where: this.scopeWhere(done.where, tables), joins: this.scopeJoins(done.joins) };
  }

  protected override transformDeleteQuery(node: DeleteQueryNode, queryId?: Parameters<OperationNodeTransformer['transformNode']>[1]): DeleteQueryNode {
    const done = super.transformDeleteQuery(node, queryId);
    return { ...done, where: this.scopeWhere(done.where, done.from.froms), joins: this.scopeJoins(done.joins) };
  }

  protected override transformInsertQuery(node: InsertQueryNode, queryId?: Parameters<OperationNodeTransformer['transformNode']>[1]): InsertQueryNode {
    const done = super.transformInsertQuery(node, queryId);
    if (!done.into || !clinicTableName(done.into) || !done.columns) return done;
    if (done.columns.some((c) => c.column.name === CLINIC_COLUMN)) throw new Error('a clinic store sets clinic_id itself');
    if (!done.values || done.values.kind !== 'ValuesNode') throw new Error('a clinic table takes rows as values only');
    const rows = (done.values as ValuesNode).values.map((row) =>
      row.kind === 'PrimitiveValueListNode'
        ? PrimitiveValueListNode.create([this.clinic, ...row.values])
        : ValueListNode.create([ValueNode.create(this.clinic), ...row.values]),
    );
    const onConflict = done.onConflict?.columns
      ? OnConflictNode.cloneWith(done.onConflict, { columns: [ColumnNode.create(CLINIC_COLUMN), ...done.onConflict.columns] })
      : done.onConflict;
    return { ...done, columns: [ColumnNode.create(CLINIC_COLUMN), ...done.columns], values: ValuesNode.create(rows), onConflict };
  }
}

/**
 * The plugin a clinic's Kysely carries: every statement it sends is that clinic's, and no row it answers
 * carries the clinic (a `selectAll` would): rows read the same as before decision 077, so none can carry
 * the column onto the wire or back into an insert.
 */
export function clinicScope(clinic: string): KyselyPlugin {
  const scope = new ClinicScope(clinic);
  return {
    transformQuery: (args) => scope.transformNode(args.node, args.queryId),
    transformResult: async ({ result }) => {
      const rows = result.rows as Record<string, unknown>[];
      if (rows.length === 0 || !(CLINIC_COLUMN in rows[0]!)) return result;
      // Copies without it rather than `delete`, which would leave every row a slow dictionary object.
      return { ...result, rows: rows.map(({ [CLINIC_COLUMN]: _clinic, ...row }) => row) as typeof result.rows };
    },
  };
}
