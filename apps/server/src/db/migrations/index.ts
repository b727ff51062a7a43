// Migrations for both dialects, applied in order on every start. Add a new entry; never edit a shipped one.
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Dialect } from './dialect.ts';
import { initial } from './001-initial.ts';
import { catalogVersion } from './002-catalog-version.ts';
import { nameKeys } from './003-name-keys.ts';
import { sessionSecurity } from './004-session-security.ts';
import { staffSecondFactor } from './005-staff-second-factor.ts';
import { bookingReferences } from './006-booking-references.ts';
import { testResults } from './007-test-results.ts';
import { labDetailsAndImages } from './008-lab-details-and-images.ts';
import { slots } from './009-slots.ts';
import { mailJobs } from './010-mail-jobs.ts';
import { payments } from './011-payments.ts';
import { profileSamplesCountersSearch } from './012-profile-samples-counters-search.ts';
import { offerTests } from './013-offer-tests.ts';
import { contentVersion } from './014-content-version.ts';
import { catalogNotify } from './015-catalog-notify.ts';
import { packageCatalogVersion } from './016-package-catalog-version.ts';
import { homeVisitStaff } from './017-home-visit-staff.ts';
import { counterShardPerConnection } from './018-counter-shard-per-connection.ts';
import { publicVersionsNotify } from './019-public-versions-notify.ts';
import { consents } from './020-consents.ts';
import { privacyRights } from './021-privacy-rights.ts';
import { personalDataReads } from './022-personal-data-reads.ts';
import { languages } from './024-languages.ts';
import { closedAccountLeftovers } from './028-closed-account-leftovers.ts';
import { appointmentEmailPrefix } from './029-appointment-email-prefix.ts';
import { chargedTestHindiNames } from './030-charged-test-hindi-names.ts';
import { testPreparationHindi } from './031-test-preparation-hindi.ts';
import { breachNoticeLanguage } from './032-breach-notice-language.ts';
import { slotCatalogVersion } from './033-slot-catalog-version.ts';
import { emailProof } from './037-email-proof.ts';
import { pendingAmendments } from './034-pending-amendments.ts';
import { reportPdfs } from './035-report-pdfs.ts';
import { auditWithoutValues } from './039-audit-without-values.ts';
import { labAddresses } from './040-lab-addresses.ts';
import { billLines } from './041-bill-lines.ts';
import { retireDuplicateTests } from './042-retire-duplicate-tests.ts';
import { profilePhone } from './043-profile-phone.ts';
import { channels } from './044-channels.ts';
import { hindiData } from './045-hindi-data.ts';
import { gatewayPayments } from './046-gateway-payments.ts';
import { familiesAndDoctors } from './047-families-and-doctors.ts';
import { samples } from './048-samples.ts';
import { phoneSignIn } from './049-phone-sign-in.ts';
import { healthRecordCodes } from './050-health-record-codes.ts';
import { specimenCodes } from './051-specimen-codes.ts';
import { analysers } from './057-analysers.ts';
import { lateReportNotices } from './058-late-report-notices.ts';
import { analyserOrders } from './060-analyser-orders.ts';
import { tatSummary } from './059-tat-summary.ts';
import { turnaroundCatalogVersion } from './061-turnaround-catalog-version.ts';
import { householdVisits } from './055-household-visits.ts';
import { turnaround } from './053-turnaround.ts';
import { gatewayEarlyRefunds } from './052-gateway-early-refunds.ts';

export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '001-initial': initial(dialect),
    '002-catalog-version': catalogVersion(dialect),
    '003-name-keys': nameKeys(dialect),
    '004-session-security': sessionSecurity(),
    '005-staff-second-factor': staffSecondFactor(dialect),
    '006-booking-references': bookingReferences(dialect),
    '007-test-results': testResults(dialect),
    '008-lab-details-and-images': labDetailsAndImages(dialect),
    '009-slots': slots(dialect),
    '010-mail-jobs': mailJobs(dialect),
    '011-payments': payments(dialect),
    '012-profile-samples-counters-search': profileSamplesCountersSearch(dialect),
    '013-offer-tests': offerTests(dialect),
    '014-content-version': contentVersion(dialect),
    '015-catalog-notify': catalogNotify(dialect),
    '016-package-catalog-version': packageCatalogVersion(dialect),
    '017-home-visit-staff': homeVisitStaff(),
    '018-counter-shard-per-connection': counterShardPerConnection(dialect),
    '019-public-versions-notify': publicVersionsNotify(dialect),
    '020-consents': consents(dialect),
    '021-privacy-rights': privacyRights(dialect),
    '022-personal-data-reads': personalDataReads(dialect),
    '024-languages': languages(dialect),
    '028-closed-account-leftovers': closedAccountLeftovers(dialect),
    '029-appointment-email-prefix': appointmentEmailPrefix(dialect),
    '030-charged-test-hindi-names': chargedTestHindiNames(dialect),
    '031-test-preparation-hindi': testPreparationHindi(dialect),
    '032-breach-notice-language': breachNoticeLanguage(dialect),
    '033-slot-catalog-version': slotCatalogVersion(dialect),
    '037-email-proof': emailProof(),
    '034-pending-amendments': pendingAmendments(dialect),
    '035-report-pdfs': reportPdfs(dialect),
    '039-audit-without-values': auditWithoutValues(dialect),
    '040-lab-addresses': labAddresses(),
    '041-bill-lines': billLines(dialect),
    '042-retire-duplicate-tests': retireDuplicateTests(dialect),
    '043-profile-phone': profilePhone(),
    '044-channels': channels(dialect),
    '045-hindi-data': hindiData(dialect),
    '046-gateway-payments': gatewayPayments(dialect),
    '047-families-and-doctors': familiesAndDoctors(dialect),
    '048-samples': samples(dialect),
    '049-phone-sign-in': phoneSignIn(dialect),
    '050-health-record-codes': healthRecordCodes(),
    '051-specimen-codes': specimenCodes(),
    '052-gateway-early-refunds': gatewayEarlyRefunds(dialect),
    '053-turnaround': turnaround(),
    '055-household-visits': householdVisits(),
    '057-analysers': analysers(dialect),
    '058-late-report-notices': lateReportNotices(),
    '060-analyser-orders': analyserOrders(),
    '059-tat-summary': tatSummary(),
    '061-turnaround-catalog-version': turnaroundCatalogVersion(dialect),
  };
}

export async function migrateToLatest(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(dialect) };
  // Kysely looks for its bookkeeping tables in every schema unless told which one: with several
  // schemas in one PostgreSQL (tests, or apps side by side) it would find another schema's table.
  const schema =
    dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s : undefined;
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
