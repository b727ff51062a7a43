// Online payment through a gateway (docs/payments-gateway.md, decision 058): one row per order asked
// of the gateway for a bill (its amount, what it is for, where the payer returns, and whether it is
// settled), and on the payment rows the gateway's own id of a payment or a refund, unique, so a
// payment or a refund is recorded once however many times its events arrive (callback, webhooks,
// reconciliation, from any process).
import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from './dialect.ts';

export function gatewayPayments(dialect: Dialect): Migration {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('gateway_orders')
        .addColumn('id', idType, id)
        .addColumn('bill_id', 'integer', (c) => c.notNull().references('bills.id').onDelete('cascade'))
        // the gateway's order id ("order_…")
        .addColumn('order_id', 'text', (c) => c.notNull().unique())
        .addColumn('amount_paise', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        // where the payer lands afterwards: 'bill' or 'confirmation'
        .addColumn('return_to', 'text', (c) => c.notNull())
        // 'open' until a payment settles it ('paid'), or the gateway says it lapsed ('closed')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('settled_at', 'text')
        .execute();
      await db.schema.createIndex('gateway_orders_bill').on('gateway_orders').column('bill_id').execute();
      // the reconciliation job reads only the open orders, oldest first
      await db.schema.createIndex('gateway_orders_open').on('gateway_orders').column('created_at').where(sql.ref('status'), '=', 'open').execute();

      await db.schema.alterTable('payments').addColumn('gateway_id', 'text').execute();
      // a refund through the gateway: why staff made it
      await db.schema.alterTable('payments').addColumn('reason', 'text').execute();
      await db.schema.createIndex('payments_gateway_id').on('payments').column('gateway_id').unique().where(sql.ref('gateway_id'), 'is not', null).execute();
    },
    async down() {
      throw new Error('the gateway payments migration is not reversible');
    },
  };
}
