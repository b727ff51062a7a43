import { describe, expect, it } from 'vitest';
import { fieldsOfStep, firstRefusedStep, homeAddressProblem, nextStep, onlyStepChanged, previousStep, readFlowStep, withStep } from './booking-flow.ts';

describe("the booking page's steps on a phone", () => {
  it('reads the step from the address, and keeps every other parameter when it moves', () => {
    expect(readFlowStep('?tests=3&step=when')).toBe('when');
    expect(readFlowStep('?step=pay')).toBeNull();
    expect(withStep('?tests=3,7&step=who', 'where')).toBe('?tests=3%2C7&step=where');
    expect(onlyStepChanged('?tests=3&step=who', '?step=when&tests=3')).toBe(true);
    expect(onlyStepChanged('?tests=3&step=who', '?tests=4&step=who')).toBe(false);
    expect([nextStep('tests'), nextStep('when'), nextStep('review'), previousStep('who'), previousStep('tests')]).toEqual(['who', 'review', 'review', 'tests', 'tests']);
  });

  it("gives each refused field to its step, and opens the earliest step's", () => {
    const refused = { consent: 'Tick it', time: 'Choose a time', phone: 'Too short' };
    expect(firstRefusedStep(refused)).toBe('who');
    expect(fieldsOfStep(refused, 'when')).toEqual({ time: 'Choose a time' });
    expect(firstRefusedStep({ homeAddress: 'x', date: 'y' })).toBe('where');
    expect(firstRefusedStep({})).toBeNull();
  });

  it('checks the home address and its PIN before the times', () => {
    const address = { house: '12', locality: 'Malviya Nagar', city: 'Jaipur', pin: '302017' };
    expect(homeAddressProblem({ ...address, pin: '3020' }, true)).toBe('patient.steps.needAddress');
    expect(homeAddressProblem({ ...address, house: ' ' }, true)).toBe('patient.steps.needAddress');
    expect(homeAddressProblem(address, false)).toBe('booking.address.notServed');
    expect(homeAddressProblem(address, undefined)).toBe('booking.flow.pinChecking');
    expect(homeAddressProblem(address, true)).toBeNull();
  });
});
