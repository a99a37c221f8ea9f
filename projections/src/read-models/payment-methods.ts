import type { PaymentMethodView, SubscriptionEvent } from '@lectio/contracts/billing';
import type { Migration, Queryable } from '@lectio/platform';
import { postgreSQLProjection } from '@lectio/platform/projections';
import { streams } from '@lectio/contracts/events';

export const paymentMethodsMigrations: Migration[] = [
  {
    // Until the split by owner this was part of 021_billing_read_models; IF NOT EXISTS makes it a no-op there.
    id: '021_billing_payment_methods',
    sql: `
CREATE TABLE IF NOT EXISTS billing_payment_methods (
  user_id TEXT NOT NULL,
  payment_method_id TEXT NOT NULL,
  brand TEXT NOT NULL,
  last4 TEXT NOT NULL,
  exp_month INT NOT NULL,
  exp_year INT NOT NULL,
  is_default BOOLEAN NOT NULL DEFAULT false,
  added_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (user_id, payment_method_id)
);`,
  },
];

/** Read model `payment-methods` (table billing_payment_methods): GET /api/payment-methods. */
type CardEvent = Extract<
  SubscriptionEvent,
  { type: 'PaymentMethodAdded' | 'DefaultPaymentMethodSet' | 'PaymentMethodRemoved' }
>;

export const paymentMethodsProjection = postgreSQLProjection<CardEvent>({
  name: 'payment-methods',
  migrations: paymentMethodsMigrations,
  tables: ['billing_payment_methods'],
  canHandle: ['PaymentMethodAdded', 'DefaultPaymentMethodSet', 'PaymentMethodRemoved'],
  async handle(tx, e) {
    const userId = streams.subscription.userIdOf(e.streamId);
    if (!userId) return;
    switch (e.type) {
      case 'PaymentMethodAdded':
        await tx.query(
          `INSERT INTO billing_payment_methods (user_id, payment_method_id, brand, last4, exp_month, exp_year, added_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
          [userId, e.data.paymentMethodId, e.data.brand, e.data.last4, e.data.expMonth, e.data.expYear, e.data.addedAt],
        );
        return;
      case 'DefaultPaymentMethodSet':
        await tx.query('UPDATE billing_payment_methods SET is_default = (payment_method_id = $2) WHERE user_id = $1', [
          userId,
          e.data.paymentMethodId,
        ]);
        return;
      case 'PaymentMethodRemoved':
        await tx.query('DELETE FROM billing_payment_methods WHERE user_id = $1 AND payment_method_id = $2', [
          userId,
          e.data.paymentMethodId,
        ]);
        return;
    }
  },
});

export async function readPaymentMethods(q: Queryable, userId: string): Promise<PaymentMethodView[]> {
  const r = await q.query<{
    payment_method_id: string;
    brand: PaymentMethodView['brand'];
    last4: string;
    exp_month: number;
    exp_year: number;
    is_default: boolean;
  }>(
    'SELECT payment_method_id, brand, last4, exp_month, exp_year, is_default FROM billing_payment_methods WHERE user_id = $1 ORDER BY added_at, payment_method_id',
    [userId],
  );
  return r.rows.map((x) => ({
    id: x.payment_method_id,
    brand: x.brand,
    last4: x.last4,
    expMonth: x.exp_month,
    expYear: x.exp_year,
    isDefault: x.is_default,
  }));
}
