// @vitest-environment jsdom
// More of the household at one home visit (docs/families-and-doctors.md): the holder is offered when the
// booking is for a member, never the booking's own person, nor an archived member or one without consent;
// each ticked person gets their own tests, and the holder's age and sex are asked only where the profile
// lacks them; what is sent names each person and their tests, in either language.
import type { LabTest, Locale, Member } from '@lab/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { InLanguage } from '../../../shared/i18n/test-language.tsx';
import { householdBody, type HouseholdEntry, HouseholdVisit } from './household-visit.tsx';

const member = (id: number, name: string, extra: Partial<Member> = {}): Member => ({
  id,
  name,
  relation: 'parent',
  date_of_birth: '1958-03-04',
  age_years: 68,
  sex: 'female',
  phone: null,
  abha_number: null,
  abha_address: null,
  adult: true,
  consent: { notice_version: '2026-11', given_at: '2026-11-01T00:00:00Z', by: 'member' },
  archived: false,
  created_at: '2026-11-01T00:00:00Z',
  ...extra,
});
const test = (id: number, name: string, price: number): LabTest => ({ id, name, price, discounted_price: price }) as unknown as LabTest;
const TESTS = [test(1, 'HbA1c', 450), test(2, 'Fasting Blood Sugar', 100)];
const MEMBERS = [member(7, 'Sunita Devi'), member(8, 'Aarav Kumar', { relation: 'child', adult: false, consent: { notice_version: '2026-11', given_at: '2026-11-01T00:00:00Z', by: 'guardian' } }), member(9, 'Kamla Devi', { archived: true })];

function Harness({ lead, locale = 'en', needsDetails = false, onValue }: { lead: number | null; locale?: Locale; needsDetails?: boolean; onValue(v: HouseholdEntry[]): void }) {
  const [value, setValue] = useState<HouseholdEntry[]>([]);
  return (
    <InLanguage locale={locale}>
      <HouseholdVisit
        members={MEMBERS}
        leadMemberId={lead}
        holderName="Ravi Kumar"
        holderNeedsDetails={needsDetails}
        tests={TESTS}
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue(next);
        }}
      />
    </InLanguage>
  );
}

describe('others at the same home visit', () => {
  it('offers the holder and the other members, never the booking’s own person or an archived member', () => {
    render(<Harness lead={7} onValue={() => {}} />);
    const group = screen.getByRole('group', { name: 'Others at this home visit' });
    expect(group).toBeTruthy();
    const offered = screen.getAllByRole('checkbox').map((c) => c.closest('label')!.textContent);
    expect(offered).toEqual(['Add Ravi Kumar', 'Add Aarav Kumar']);
  });

  it('gives each ticked person their own tests, and asks the holder’s age and sex only when the profile lacks them', async () => {
    let last: HouseholdEntry[] = [];
    render(<Harness lead={7} needsDetails onValue={(v) => (last = v)} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Add Ravi Kumar' }));
    await userEvent.type(screen.getByLabelText('Age of Ravi Kumar (years)'), '41');
    await userEvent.selectOptions(screen.getByLabelText('Sex of Ravi Kumar'), 'male');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Tests for Ravi Kumar' }), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Add test' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Add Aarav Kumar' }));
    expect(screen.queryByLabelText('Age of Aarav Kumar (years)')).toBeNull();
    const tests = screen.getAllByRole('combobox', { name: /^Tests for/ });
    await userEvent.selectOptions(tests[1]!, '1');
    await userEvent.click(screen.getAllByRole('button', { name: 'Add test' })[1]!);
    expect(last.map(householdBody)).toEqual([
      { member_id: null, tests: [2], patient_age_years: 41, patient_sex: 'male' },
      { member_id: 8, tests: [1] },
    ]);
    // unticked, the person is left out
    await userEvent.click(screen.getByRole('checkbox', { name: 'Add Aarav Kumar' }));
    expect(last.map((e) => e.memberId)).toEqual([null]);
  });

  it('speaks Hindi on the Hindi page', () => {
    render(<Harness lead={null} locale="hi" onValue={() => {}} />);
    expect(screen.getByRole('group', { name: 'इसी होम विज़िट में और लोग' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Sunita Devi को जोड़ें' })).toBeTruthy();
  });
});
