// A refund's webhook that overtakes the refund it speaks of (docs/payments-gateway.md, decision 065):
// the gateway may send `refund.processed` before the lab has recorded the refund the gateway's answer
// created. Such an event, for a payment of ours, is kept here (one row per refund, the gateway's id
// unique) and applied when the refund row is written; old rows (refunds made elsewhere, on the
// gateway's dashboard) are pruned after a day.
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from './dialect.ts';

export function gatewayEarlyRefunds(dialect: Dialect): Migration {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('gateway_early_refunds')
        .addColumn('id', idType, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        // the gateway's refund id ("rfnd_…") and the payment it refunds ("pay_…")
        .addColumn('refund_id', 'text', (c) => c.notNull().unique())
        .addColumn('payment_id', 'text', (c) => c.notNull())
        // 'processed' | 'failed'
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // pruning reads the oldest rows only
      await db.schema.createIndex('gateway_early_refunds_created').on('gateway_early_refunds').column('created_at').execute();
    },
    async down() {
      throw new Error('the early refund events migration is not reversible');
    },
  };
}
