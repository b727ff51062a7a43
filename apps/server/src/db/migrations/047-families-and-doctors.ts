// Families and referring doctors (docs/families-and-doctors.md, decision 059). Family members: the people an
// account books for, kept under the holder's account; one of date of birth or age is kept, as on the account
// (migration 012); a member with bookings is archived, never deleted. A booking names its member (null: the
// account holder, as every booking before), and a consent record names the member it was given for (null:
// the record's account). An adult member can be invited (a one-time token, kept as a hash) to take their
// records over to their own account. Referring doctors: the lab's directory (kept by staff); a booking names a doctor from
// it or as typed (matched by staff later), and when the patient agreed that the doctor gets the report.
// A doctor signs in by a one-time link (kept as a hash, single use) to a short session (also a hash).
import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from './dialect.ts';

export function familiesAndDoctors(dialect: Dialect): Migration {
  const idType = dialect === 'postgres' ? 'serial' : 'integer';
  const id = (c: ColumnDefinitionBuilder) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('family_members')
        .addColumn('id', idType, id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('relation', 'text', (c) => c.notNull())
        .addColumn('date_of_birth', 'text')
        .addColumn('age_years', 'integer')
        .addColumn('age_recorded_on', 'text')
        .addColumn('sex', 'text')
        .addColumn('phone', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('archived_at', 'text')
        // an invitation to take over their own records: the hash of its one-time token, until when it holds
        .addColumn('invite_hash', 'text', (c) => c.unique())
        .addColumn('invite_expires_at', 'text')
        // the account the member took their records to, and when (the holder no longer sees them)
        .addColumn('handed_over_to', 'integer')
        .addColumn('handed_over_at', 'text')
        .execute();
      await db.schema.createIndex('family_members_user').on('family_members').columns(['user_id', 'id']).execute();

      await db.schema.alterTable('appointments').addColumn('member_id', 'integer').execute();
      // partial: only a member's bookings are indexed ("has this member bookings?", a member's reports)
      await db.schema
        .createIndex('appointments_member')
        .on('appointments')
        .columns(['member_id', 'created_at'])
        .where(sql.ref('member_id'), 'is not', null)
        .execute();

      await db.schema.alterTable('consents').addColumn('member_id', 'integer').execute();
      await db.schema
        .createIndex('consents_member')
        .on('consents')
        .columns(['member_id', 'id'])
        .where(sql.ref('member_id'), 'is not', null)
        .execute();

      await db.schema
        .createTable('referring_doctors')
        .addColumn('id', idType, id)
        .addColumn('name', 'text', (c) => c.notNull())
        // lower-cased name without "Dr", for the booking page's search by its first letters
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('qualification', 'text', (c) => c.notNull())
        .addColumn('registration_no', 'text', (c) => c.notNull())
        .addColumn('council', 'text', (c) => c.notNull())
        .addColumn('clinic', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('email', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('referring_doctors_registration', ['council', 'registration_no'])
        .execute();
      await db.schema.createIndex('referring_doctors_name').on('referring_doctors').column('name_key').execute();
      // the one-time link is sent to the registered address: found by it
      await db.schema.createIndex('referring_doctors_email').on('referring_doctors').column('email').execute();
      await db.schema.createIndex('referring_doctors_phone').on('referring_doctors').column('phone').execute();

      await db.schema.alterTable('appointments').addColumn('doctor_id', 'integer').execute();
      // the name as the patient typed it, when not chosen from the directory
      await db.schema.alterTable('appointments').addColumn('doctor_name', 'text').execute();
      // when the patient agreed that the doctor is sent the report, and under which notice
      await db.schema.alterTable('appointments').addColumn('doctor_consent_at', 'text').execute();
      await db.schema.alterTable('appointments').addColumn('doctor_consent_notice', 'text').execute();
      await db.schema
        .createIndex('appointments_doctor')
        .on('appointments')
        .columns(['doctor_id', 'date'])
        .where(sql.ref('doctor_id'), 'is not', null)
        .execute();

      await db.schema
        .createTable('doctor_tokens')
        .addColumn('id', idType, id)
        .addColumn('doctor_id', 'integer', (c) => c.notNull().references('referring_doctors.id').onDelete('cascade'))
        // 'link' (the one-time sign-in link) or 'session' (what the link is exchanged for)
        .addColumn('kind', 'text', (c) => c.notNull())
        // SHA-256 of the token: the token itself is never kept
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('doctor_tokens_expiry').on('doctor_tokens').column('expires_at').execute();
    },
    async down() {
      throw new Error('the families and doctors migration is not reversible');
    },
  };
}
