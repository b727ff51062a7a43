import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from './dialect.ts';

export function initial(dialect: Dialect): Migration {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement();
  const bool = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('users')
        .addColumn('id', idType, id)
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('username_key', 'text', (c) => c.notNull().unique())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('email_key', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('patient'))
        .addColumn('last_login', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('refresh_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('family_id', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('retired_at', 'text')
        .addColumn('revoked_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();

      await db.schema
        .createTable('categories')
        .addColumn('id', idType, id)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .execute();

      await db.schema
        .createTable('tests')
        .addColumn('id', idType, id)
        .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('price_paise', 'integer', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tests_active_name').on('tests').columns(['active', 'name']).execute();

      await db.schema
        .createTable('offers')
        .addColumn('id', idType, id)
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('discount_percentage', 'integer', (c) => c.notNull())
        .addColumn('category_id', 'integer', (c) => c.references('categories.id'))
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', bool)
        .execute();

      await db.schema
        .createTable('membership_plans')
        .addColumn('id', idType, id)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('price_paise', 'integer', (c) => c.notNull())
        .addColumn('discount_percentage', 'integer', (c) => c.notNull())
        .addColumn('duration_days', 'integer', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();

      await db.schema
        .createTable('memberships')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('plan_id', 'integer', (c) => c.notNull().references('membership_plans.id'))
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('ended_at', 'text')
        .execute();
      await db.schema.createIndex('memberships_user').on('memberships').columns(['user_id', 'status']).execute();

      await db.schema
        .createTable('packages')
        .addColumn('id', idType, id)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('price_paise', 'integer', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();

      await db.schema
        .createTable('package_tests')
        .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id').onDelete('cascade'))
        .addColumn('test_id', 'integer', (c) => c.notNull().references('tests.id'))
        .addPrimaryKeyConstraint('package_tests_pk', ['package_id', 'test_id'])
        .execute();

      await db.schema
        .createTable('appointments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('user_email', 'text', (c) => c.notNull())
        .addColumn('user_phone', 'text', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('time', 'text', (c) => c.notNull())
        .addColumn('home_sample', 'integer', bool)
        .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('booked'))
        .addColumn('package_id', 'integer', (c) => c.references('packages.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('appointments_user').on('appointments').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('appointments_date').on('appointments').columns(['date', 'time']).execute();

      await db.schema
        .createTable('appointment_tests')
        .addColumn('id', idType, id)
        .addColumn('appointment_id', 'text', (c) => c.notNull().references('appointments.id').onDelete('cascade'))
        .addColumn('test_id', 'integer', (c) => c.notNull().references('tests.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('price_paise', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('appointment_tests_appt').on('appointment_tests').column('appointment_id').execute();

      await db.schema
        .createTable('bills')
        .addColumn('id', idType, id)
        .addColumn('appointment_id', 'text', (c) =>
          c.notNull().unique().references('appointments.id').onDelete('cascade'),
        )
        .addColumn('generated_at', 'text', (c) => c.notNull())
        .addColumn('total_paise', 'integer', (c) => c.notNull())
        .addColumn('offer_paise', 'integer')
        .addColumn('is_paid', 'integer', bool)
        .addColumn('paid_at', 'text')
        .execute();

      await db.schema
        .createTable('blogs')
        .addColumn('id', idType, id)
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('careers')
        .addColumn('id', idType, id)
        .addColumn('job_title', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('posted_on', 'text', (c) => c.notNull())
        .addColumn('is_open', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('application_link', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('contact_messages')
        .addColumn('id', idType, id)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('handled_at', 'text')
        .addColumn('handled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();

      await db.schema
        .createTable('audit_log')
        .addColumn('id', idType, id)
        .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'entity_id']).execute();
    },
    async down() {
      throw new Error('the initial migration is not reversible');
    },
  };
}
